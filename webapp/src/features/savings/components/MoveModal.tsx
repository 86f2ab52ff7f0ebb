/** Top up or withdraw (docs/contract.md §17.2): the pocket's own account, no code. A retry of
 * the same move sends the same reference (attempts.ts). */
import { Form, Modal } from 'antd'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { formatNaira } from '../../../lib/format'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { savingsApi } from '../reads'
import { TOP_UP, WITHDRAW } from '../texts'
import type { Attempts } from '../attempts'
import type { Direction, Pocket } from '../types'

interface Props {
  pocket: Pocket
  direction: Direction
  attempts: Attempts
  onClose: () => void
}

export function MoveModal({ pocket, direction, attempts, onClose }: Props) {
  const [form] = Form.useForm<{ amount: number }>()
  const [send, busy] = useWrite(savingsApi.endpoints.move)
  const title = `${direction === 'top-up' ? TOP_UP : WITHDRAW}: ${pocket.name}`
  const submit = async ({ amount }: { amount: number }) => {
    const key = `${direction}:${pocket.id}:${amount}`
    const result = await send({ id: pocket.id, direction, body: { amount, reference: attempts.referenceFor(key) } })
    attempts.answered(key, result.error)
    if (!result.error) onClose()
    else form.setFields(fieldErrorsOf(result.error).map((e) => ({ name: 'amount' as const, errors: [e.message] })))
  }
  return (
    <Modal title={title} open onCancel={onClose} okText={direction === 'top-up' ? TOP_UP : WITHDRAW} confirmLoading={busy} onOk={() => form.submit()}>
      <p>
        {direction === 'top-up' ? 'From' : 'To'} account {pocket.sourceAccountNumber}. In this pocket: {formatNaira(pocket.balance)}.
      </p>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="amount" label="Amount" rules={amountRules()}>
          <AmountInput autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
