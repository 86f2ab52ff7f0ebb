/**
 * Pay Electricity Bill, in two steps (docs/contract.md §11.2):
 * 'Get Meter Details' looks the meter up and shows its owner, then the button
 * becomes 'Proceed'. Changing the meter number, the company or the meter type
 * clears the retrieved name.
 */
import { Form, Input, Select } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { formatNaira } from '../../../lib/format'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { vendRequested } from '../billsSlice'
import { selectBillCatalog, useHolderLookup } from '../reads'
import { GET_METER_DETAILS } from '../texts'
import { HolderStatus, SourceAccountField } from './fields'
import { LookupForm } from './LookupForm'
import { digitsOnly, requiredRule } from './rules'
import { minimumRule } from './minimum'

interface Values {
  electricityProviderCode?: string
  meterType?: string
  electricityMeterNum?: string
  amount?: number
  nuban?: string
}

export const MIN_ELECTRICITY = 500

const lookupKey = (v: Values) => `${v.electricityProviderCode ?? ''}|${v.meterType ?? ''}|${v.electricityMeterNum ?? ''}`

export function ElectricityPanel() {
  const dispatch = useAppDispatch()
  const { lookup, lookedUp, lookUp, clear } = useHolderLookup()
  const { electricityProviders, meterTypes } = useAppSelector(selectBillCatalog)
  const [form] = Form.useForm<Values>()
  const values = Form.useWatch([], form) ?? {}
  const resolved = lookup?.status === 'resolved' && lookedUp === lookupKey(values)

  const onFinish = (submitted: Values) => {
    const all = { ...form.getFieldsValue(true), ...submitted } as Values
    if (!resolved) {
      lookUp(lookupKey(all), {
        product: 'ELECTRICITY_BILL',
        providerCode: all.electricityProviderCode!,
        number: all.electricityMeterNum!,
        meterType: all.meterType,
      })
      return
    }
    dispatch(
      vendRequested({
        product: 'ELECTRICITY_BILL',
        holder: lookup.holder?.name,
        body: {
          utilityProductType: 'ELECTRICITY_BILL',
          nuban: all.nuban,
          amount: all.amount,
          electricityProviderCode: all.electricityProviderCode,
          electricityMeterNum: all.electricityMeterNum,
          meterType: all.meterType,
        },
      }),
    )
  }

  return (
    <LookupForm
      form={form}
      lookup={lookup}
      onCleared={clear}
      clearOn={['electricityProviderCode', 'meterType', 'electricityMeterNum']}
      resolved={resolved}
      lookupText={GET_METER_DETAILS}
      onFinish={onFinish}
    >
      <Form.Item name="electricityProviderCode" label="Distribution Company" rules={[requiredRule]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select Distribution Company"
          notFoundContent="No options found"
          options={electricityProviders.map((p) => ({ label: p.title, value: p.code }))}
        />
      </Form.Item>
      <Form.Item name="meterType" label="Meter Type" rules={[requiredRule]}>
        <Select
          placeholder="Select Meter Type"
          notFoundContent="No options found"
          options={meterTypes.map((t) => ({ label: t.charAt(0) + t.slice(1).toLowerCase(), value: t }))}
        />
      </Form.Item>
      <Form.Item
        name="electricityMeterNum"
        label="Meter Number"
        rules={[requiredRule]}
        normalize={digitsOnly}
        extra={<HolderStatus lookup={lookup} what="meter" />}
      >
        <Input inputMode="numeric" maxLength={20} placeholder="Meter number" autoComplete="off" />
      </Form.Item>
      {resolved && (
        <>
          <Form.Item
            name="amount"
            label="Amount"
            rules={[...amountRules(), minimumRule(MIN_ELECTRICITY, `The least you can pay is ${formatNaira(MIN_ELECTRICITY)}`)]}
            extra={`From ${formatNaira(MIN_ELECTRICITY)}`}
          >
            <AmountInput aria-label="Amount" autoFocus />
          </Form.Item>
          <SourceAccountField />
        </>
      )}
    </LookupForm>
  )
}
