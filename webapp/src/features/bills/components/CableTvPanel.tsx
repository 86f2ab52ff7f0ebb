/**
 * Pay Cable TV Bill, in two steps: 'Get Cable Details' looks the smart card
 * up and shows its holder, then the button becomes 'Proceed'. Changing the
 * card number or the provider clears the retrieved name. The amount is the
 * bouquet's price.
 */
import { Form, Input, Select } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { formatNaira } from '../../../lib/format'
import { vendRequested } from '../billsSlice'
import { selectBillCatalog, useBillProducts, useHolderLookup } from '../reads'
import { failedField } from '../../../components/failedField'
import { GET_CABLE_DETAILS } from '../texts'
import { HolderStatus, SourceAccountField } from './fields'
import { LookupForm } from './LookupForm'
import { digitsOnly, requiredRule } from './rules'

interface Values {
  cableTvProviderCode?: string
  cableTvBouquetCode?: string
  cableTvSmartCardNum?: string
  nuban?: string
}

const lookupKey = (v: Values) => `${v.cableTvProviderCode ?? ''}|${v.cableTvSmartCardNum ?? ''}`

export function CableTvPanel() {
  const dispatch = useAppDispatch()
  const { lookup, lookedUp, lookUp, clear } = useHolderLookup()
  const { cableProviders } = useAppSelector(selectBillCatalog)
  const [form] = Form.useForm<Values>()
  const values = Form.useWatch([], form) ?? {}
  const provider = values.cableTvProviderCode
  const { items: bouquets, loading: bouquetsLoading, read: bouquetsRead } = useBillProducts('CABLE_TV', provider)
  const bouquet = bouquets.find((b) => b.code === values.cableTvBouquetCode)
  const resolved = lookup?.status === 'resolved' && lookedUp === lookupKey(values)

  const chooseProvider = () => form.setFieldValue('cableTvBouquetCode', undefined)

  const onFinish = (submitted: Values) => {
    const all = { ...form.getFieldsValue(true), ...submitted } as Values
    if (!resolved) {
      lookUp(lookupKey(all), {
        product: 'CABLE_TV',
        providerCode: all.cableTvProviderCode!,
        number: all.cableTvSmartCardNum!,
        bouquetCode: all.cableTvBouquetCode ?? null,
      })
      return
    }
    dispatch(
      vendRequested({
        product: 'CABLE_TV',
        holder: lookup.holder?.name,
        body: {
          utilityProductType: 'CABLE_TV',
          nuban: all.nuban,
          amount: bouquet?.amount,
          cableTvProviderCode: all.cableTvProviderCode,
          cableTvBouquetCode: all.cableTvBouquetCode,
          cableTvSmartCardNum: all.cableTvSmartCardNum,
        },
      }),
    )
  }

  return (
    <LookupForm
      form={form}
      lookup={lookup}
      onCleared={clear}
      clearOn={['cableTvProviderCode', 'cableTvSmartCardNum']}
      resolved={resolved}
      lookupText={GET_CABLE_DETAILS}
      onFinish={onFinish}
    >
      <Form.Item name="cableTvProviderCode" label="Cable Provider" rules={[requiredRule]}>
        <Select
          placeholder="Select Cable Provider"
          notFoundContent="No options found"
          onChange={chooseProvider}
          options={cableProviders.map((p) => ({ label: p.title, value: p.code }))}
        />
      </Form.Item>
      <Form.Item name="cableTvBouquetCode" label="Bouquet" rules={[requiredRule]} {...failedField(bouquetsRead)}>
        <Select
          placeholder={provider ? 'Select Bouquet' : 'Choose a provider first'}
          disabled={!provider}
          loading={bouquetsLoading}
          notFoundContent="No options found"
          options={bouquets.map((b) => ({ label: `${b.title} · ${formatNaira(b.amount)}`, value: b.code }))}
        />
      </Form.Item>
      <Form.Item
        name="cableTvSmartCardNum"
        label="Smart Card Number"
        rules={[requiredRule]}
        normalize={digitsOnly}
        extra={<HolderStatus lookup={lookup} what="card" />}
      >
        <Input inputMode="numeric" maxLength={20} placeholder="Smart card / IUC number" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Amount">
        <Input aria-label="Amount" readOnly value={bouquet ? formatNaira(bouquet.amount) : ''} placeholder="The bouquet's price" />
      </Form.Item>
      {resolved && <SourceAccountField />}
    </LookupForm>
  )
}
