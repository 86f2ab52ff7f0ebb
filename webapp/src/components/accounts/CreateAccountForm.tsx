/**
 * The Create Account form (docs/contract.md §7.2): one required
 * "Account Type" dropdown (label: type name, value: type id), Cancel and
 * Create. While the account is being opened a spinner with "Please wait a
 * moment..." replaces the form; a failure is shown above it and the form stays.
 */
import { Alert, Button, Form, Select, Spin, Typography } from 'antd'
import { REQUIRED } from '../../lib/validation'
import { useAccountTypesQuery } from '../../store/accounts/reads'
import type { CreateAccountPanel } from './useCreateAccount'
import { failedField } from '../failedField'
import { ACCOUNT_TYPE_LABEL, PLEASE_WAIT } from '../../store/accounts/texts'
import './accounts.css'

export function CreateAccountForm({ panel: { creating, error: createError, create, close } }: { panel: CreateAccountPanel }) {
  const typesQuery = useAccountTypesQuery()
  const types = typesQuery.data ?? []
  const typesLoading = typesQuery.isFetching
  const [form] = Form.useForm<{ accountTypeId: number }>()

  return (
    <>
      {creating && (
        <div className="kobo-wait" role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">{PLEASE_WAIT}</Typography.Text>
        </div>
      )}
      {/* Hidden rather than unmounted while creating, so a failure keeps the chosen type. */}
      <div hidden={creating}>
        <Typography.Paragraph type="secondary">
          Open another naira account in seconds. Choose the kind of account you want.
        </Typography.Paragraph>
        {createError && <Alert type="error" showIcon title={createError} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          requiredMark
          onFinish={({ accountTypeId }) => void create(accountTypeId)}
        >
          <Form.Item name="accountTypeId" label={ACCOUNT_TYPE_LABEL} rules={[{ required: true, message: REQUIRED }]} {...failedField(typesQuery)}>
            <Select
              placeholder={`Select ${ACCOUNT_TYPE_LABEL}`}
              loading={typesLoading}
              notFoundContent={typesLoading ? 'Loading...' : 'No options'}
              options={types.map((type) => ({ label: type.name, value: type.id }))}
            />
          </Form.Item>
          <div className="kobo-dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" htmlType="submit">
              Create
            </Button>
          </div>
        </Form>
      </div>
    </>
  )
}
