/** A goal's automatic saving (docs/contract.md §17.2, PUT …/auto-save). */
import { Form, Input, InputNumber, Modal, Select } from 'antd'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { useAccountsQuery } from '../../../store/accounts/reads'
import { savingsApi } from '../reads'
import { AUTO_SAVE, KIND_LABELS } from '../texts'
import type { AutoSaveRequest, Pocket } from '../types'

export function AutoSaveModal({ pocket, onClose }: { pocket: Pocket; onClose: () => void }) {
  const [form] = Form.useForm<AutoSaveRequest>()
  const accounts = useAccountsQuery().data ?? []
  const kind = Form.useWatch('kind', form)
  const [send, busy] = useWrite(savingsApi.endpoints.autoSave)
  const current = pocket.autoSave
  const submit = async (body: AutoSaveRequest) => {
    const result = await send({ id: pocket.id, body })
    if (!result.error) onClose()
    else form.setFields(fieldErrorsOf(result.error).map((e) => ({ name: e.field as keyof AutoSaveRequest, errors: [e.message] })))
  }
  return (
    <Modal title={`${AUTO_SAVE}: ${pocket.name}`} open onCancel={onClose} okText="Save" confirmLoading={busy} onOk={() => form.submit()}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          kind: current?.kind ?? 'WEEKLY',
          sourceAccountNumber: current?.sourceAccountNumber ?? pocket.sourceAccountNumber,
          amount: current?.amount ?? undefined,
          percent: current?.percent ?? undefined,
        }}
      >
        <Form.Item name="kind" label="How">
          <Select options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {kind !== 'NONE' && (
          <Form.Item name="sourceAccountNumber" label="From account" rules={[{ required: true, message: 'This field is required' }]}>
            <Select options={accounts.map((a) => ({ value: a.accountNumber, label: `${a.accountNumber} · ${a.accountTypeName}` }))} />
          </Form.Item>
        )}
        {kind === 'PERCENT_OF_CREDITS' && (
          <Form.Item name="percent" label="Percentage of every credit" rules={[{ required: true, message: 'This field is required' }]}>
            <InputNumber min={1} max={100} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind && kind !== 'NONE' && kind !== 'PERCENT_OF_CREDITS' && (
          <>
            <Form.Item name="amount" label="Amount" rules={amountRules()}>
              <AmountInput />
            </Form.Item>
            <Form.Item name="startDate" label="First save (dd-mm-yyyy, optional)" rules={[{ pattern: /^\d{2}-\d{2}-\d{4}$/, message: 'Enter a date as dd-mm-yyyy' }]}>
              <Input placeholder="Today" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  )
}
