/**
 * A form field that picks one of the customer's accounts ("From Account", "To Account"),
 * each shown as "Type (number)"; required unless other `rules` are given.
 */
import { Form, Select } from 'antd'
import type { FormItemProps } from 'antd'
import type { Account } from '../../api/types'
import { REQUIRED } from '../../lib/validation'
import { accountOptionLabel } from './accountStyles'

const REQUIRED_RULES = [{ required: true, message: REQUIRED }]

export function AccountSelectField({
  name,
  label,
  placeholder,
  accounts,
  rules = REQUIRED_RULES,
}: {
  name: string
  label: string
  placeholder: string
  accounts: Account[]
  rules?: FormItemProps['rules']
}) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Select
        placeholder={placeholder}
        notFoundContent="No options"
        options={accounts.map((a) => ({ label: accountOptionLabel(a), value: a.accountNumber }))}
      />
    </Form.Item>
  )
}
