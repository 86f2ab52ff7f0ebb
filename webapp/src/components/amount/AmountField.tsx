/** The "Amount" form field of the transfer and schedule forms: an AmountInput with the amount rules. */
import { Form } from 'antd'
import { amountRules } from '../../lib/amount'
import { AmountInput } from './AmountInput'

export function AmountField() {
  return (
    <Form.Item name="amount" label="Amount" rules={amountRules()}>
      <AmountInput aria-label="Amount" />
    </Form.Item>
  )
}
