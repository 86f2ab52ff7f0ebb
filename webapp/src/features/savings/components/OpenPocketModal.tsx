/** Opening a pocket or goal (docs/contract.md §17.2, POST /api/savings/pockets). A retry of
 * the same opening sends the same reference, so a second click or a retry after a 503 opens
 * one pocket; the next pocket gets a reference of its own (attempts.ts). */
import { Form, Input, InputNumber, Modal, Select } from 'antd'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { useAccountsQuery } from '../../../store/accounts/reads'
import { savingsApi } from '../reads'
import { OPEN_POCKET } from '../texts'
import type { Attempts } from '../attempts'
import type { SavingsProduct } from '../types'

interface Values {
  product: 'FLEXIBLE' | 'LOCKED' | 'GOAL'
  name: string
  sourceAccountNumber: string
  amount?: number
  termDays?: number
  targetAmount?: number
  targetDate?: string
}

interface Props {
  open: boolean
  products: SavingsProduct[]
  attempts: Attempts
  onClose: () => void
}

export function OpenPocketModal({ open, products, attempts, onClose }: Props) {
  const [form] = Form.useForm<Values>()
  const accounts = useAccountsQuery().data ?? []
  const product = Form.useWatch('product', form)
  const [send, busy] = useWrite(savingsApi.endpoints.openPocket)
  const described = products.find((p) => p.product === product)

  const submit = async (values: Values) => {
    const key = `open:${JSON.stringify(values)}`
    const result = await send({ ...values, reference: attempts.referenceFor(key) })
    attempts.answered(key, result.error)
    if (!result.error) {
      form.resetFields()
      onClose()
      return
    }
    form.setFields(fieldErrorsOf(result.error).map((e) => ({ name: e.field as keyof Values, errors: [e.message] })))
  }

  return (
    <Modal title={OPEN_POCKET} open={open} onCancel={onClose} okText="Open" confirmLoading={busy} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ product: 'FLEXIBLE' }}>
        <Form.Item name="product" label="Product" rules={[{ required: true }]} extra={described?.description}>
          <Select options={products.map((p) => ({ value: p.product, label: `${p.name} (${p.rate} %)` }))} />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'This field is required' }, { max: 60 }]}>
          <Input placeholder="Rainy day" />
        </Form.Item>
        <Form.Item name="sourceAccountNumber" label="From account" rules={[{ required: true, message: 'This field is required' }]}>
          <Select options={accounts.map((a) => ({ value: a.accountNumber, label: `${a.accountNumber} · ${a.accountTypeName}` }))} />
        </Form.Item>
        <Form.Item name="amount" label="Amount to save now" rules={product === 'LOCKED' ? amountRules() : []}>
          <AmountInput />
        </Form.Item>
        {product === 'LOCKED' && (
          <Form.Item name="termDays" label="Days (30 to 365)" rules={[{ required: true, message: 'This field is required' }, { type: 'number', min: 30, max: 365, message: 'Choose 30 to 365 days' }]}>
            <InputNumber min={30} max={365} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {product === 'GOAL' && (
          <>
            <Form.Item name="targetAmount" label="Target amount" rules={amountRules()}>
              <AmountInput />
            </Form.Item>
            <Form.Item name="targetDate" label="Target date (dd-mm-yyyy)" rules={[{ required: true, message: 'This field is required' }, { pattern: /^\d{2}-\d{2}-\d{4}$/, message: 'Enter a date as dd-mm-yyyy' }]}>
              <Input placeholder="31-12-2027" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  )
}
