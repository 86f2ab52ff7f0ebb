/**
 * Buy Airtime: a network (required before Proceed), the 11-digit mobile
 * number, the amount and the account to pay from.
 */
import { Button, Form, Radio } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectUserInfo } from '../../../store/appSlice'
import { formatNaira } from '../../../lib/format'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { selectBills, vendRequested } from '../billsSlice'
import { selectBillCatalog } from '../reads'
import { NETWORK_REQUIRED, PROCEED } from '../texts'
import { MobileNumberField, SourceAccountField } from './fields'
import { minimumRule } from './minimum'

interface Values {
  nuban?: string
  airtimeProviderCode?: string
  phoneNumber?: string
  amount?: number
}

export const MIN_AIRTIME = 50

export function AirtimePanel() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const { airtimeProviders } = useAppSelector(selectBillCatalog)
  const phone = useAppSelector(selectUserInfo)?.phoneNumber ?? undefined
  const [form] = Form.useForm<Values>()

  const onFinish = (values: Values) =>
    dispatch(
      vendRequested({
        product: 'AIRTIME',
        body: {
          utilityProductType: 'AIRTIME',
          nuban: values.nuban,
          phoneNumber: values.phoneNumber,
          amount: values.amount,
          airtimeProviderCode: values.airtimeProviderCode,
        },
      }),
    )

  return (
    <Form form={form} layout="vertical" requiredMark onFinish={onFinish} initialValues={{ phoneNumber: phone }} className="kobo-bill-form">
      <Form.Item name="airtimeProviderCode" label="Network" rules={[{ required: true, message: NETWORK_REQUIRED }]}>
        <Radio.Group className="kobo-bill-networks" aria-label="Network">
          {airtimeProviders.map((p) => (
            <Radio.Button key={p.code} value={p.code}>
              <span className={`kobo-network-dot kobo-network-dot--${p.code.toLowerCase()}`} aria-hidden />
              {p.title}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <MobileNumberField />
      <Form.Item
        name="amount"
        label="Amount"
        rules={[...amountRules(), minimumRule(MIN_AIRTIME, `The least airtime you can buy is ${formatNaira(MIN_AIRTIME)}`)]}
        extra={`From ${formatNaira(MIN_AIRTIME)}`}
      >
        <AmountInput aria-label="Amount" />
      </Form.Item>
      <SourceAccountField />
      <Button type="primary" htmlType="submit" size="large" block loading={flow.step === 'submitting'}>
        {PROCEED}
      </Button>
    </Form>
  )
}
