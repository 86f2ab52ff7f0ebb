/**
 * The 10-digit account number field of the transfer, schedule and beneficiary forms, with the
 * outcome of its name look-up (LookupStatus) under it.
 */
import { Form, Input } from 'antd'
import type { LookupState } from './nameLookup'
import { LookupStatus } from './LookupStatus'
import { accountNumberRules, normalizeAccountNumber } from './nameLookup'

export function AccountNumberField({
  name = 'destinationAccountNumber',
  lookup,
}: {
  /** The form field's name. */
  name?: string
  lookup: LookupState | undefined
}) {
  return (
    <Form.Item
      name={name}
      label="Account Number"
      rules={accountNumberRules}
      normalize={normalizeAccountNumber}
      extra={lookup ? <LookupStatus lookup={lookup} /> : undefined}
    >
      <Input inputMode="numeric" maxLength={10} placeholder="10-digit account number" autoComplete="off" />
    </Form.Item>
  )
}
