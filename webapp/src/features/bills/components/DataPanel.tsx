/**
 * Data & Internet: a network, one of its bundles (from the server, with price
 * and validity), the 11-digit mobile number and the account to pay from. The
 * amount is the bundle's price.
 */
import { Button, Form, Input, Select } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectUserInfo } from '../../../store/appSlice'
import { formatNaira } from '../../../lib/format'
import { selectBills, vendRequested } from '../billsSlice'
import { selectBillCatalog, useBillProducts } from '../reads'
import { failedField } from '../../../components/failedField'
import { PROCEED } from '../texts'
import { MobileNumberField, SourceAccountField } from './fields'
import { requiredRule } from './rules'

interface Values {
  nuban?: string
  dataBundleProviderCode?: string
  dataBundleCode?: string
  phoneNumber?: string
}

export function DataPanel() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const { dataProviders } = useAppSelector(selectBillCatalog)
  const phone = useAppSelector(selectUserInfo)?.phoneNumber ?? undefined
  const [form] = Form.useForm<Values>()
  const provider = Form.useWatch('dataBundleProviderCode', form)
  const bundleCode = Form.useWatch('dataBundleCode', form)
  const { items: bundles, loading: bundlesLoading, read: bundlesRead } = useBillProducts('DATA', provider)
  const bundle = bundles.find((b) => b.code === bundleCode)

  const chooseProvider = () => form.setFieldValue('dataBundleCode', undefined)

  const onFinish = (values: Values) =>
    dispatch(
      vendRequested({
        product: 'DATA',
        body: {
          utilityProductType: 'DATA',
          nuban: values.nuban,
          phoneNumber: values.phoneNumber,
          amount: bundle?.amount,
          dataBundleProviderCode: values.dataBundleProviderCode,
          dataBundleCode: values.dataBundleCode,
        },
      }),
    )

  return (
    <Form form={form} layout="vertical" requiredMark onFinish={onFinish} initialValues={{ phoneNumber: phone }} className="kobo-bill-form">
      <Form.Item name="dataBundleProviderCode" label="Network" rules={[requiredRule]}>
        <Select
          placeholder="Select Network"
          notFoundContent="No options found"
          onChange={chooseProvider}
          options={dataProviders.map((p) => ({ label: p.title, value: p.code }))}
        />
      </Form.Item>
      <Form.Item name="dataBundleCode" label="Data Plan" rules={[requiredRule]} {...failedField(bundlesRead)}>
        <Select
          placeholder={provider ? 'Select Data Plan' : 'Choose a network first'}
          disabled={!provider}
          loading={bundlesLoading}
          notFoundContent="No options found"
          options={bundles.map((b) => ({
            label: `${b.title} · ${formatNaira(b.amount)}`,
            value: b.code,
          }))}
          optionRender={(option) => {
            const item = bundles.find((b) => b.code === option.value)
            return (
              <div className="kobo-bill-product-option">
                <span>{item?.title}</span>
                <span className="kobo-bill-product-option__meta">
                  {item && formatNaira(item.amount)}
                  {item?.validity ? ` · ${item.validity}` : ''}
                </span>
              </div>
            )
          }}
        />
      </Form.Item>
      <MobileNumberField />
      <Form.Item label="Amount" extra={bundle?.validity ? `Valid for ${bundle.validity}` : undefined}>
        <Input aria-label="Amount" readOnly value={bundle ? formatNaira(bundle.amount) : ''} placeholder="The plan's price" />
      </Form.Item>
      <SourceAccountField />
      <Button type="primary" htmlType="submit" size="large" block loading={flow.step === 'submitting'}>
        {PROCEED}
      </Button>
    </Form>
  )
}
