/**
 * Fields shared by the four bill panels: the source account, the 11-digit
 * mobile number (docs/contract.md §11.2), a catalogue select and the
 * look-up result of the two-step panels.
 */
import { Form, Input, Select } from 'antd'
import { CheckCircleFilled } from '@ant-design/icons'
import { LookupNotice } from '../../../components/LookupNotice'
import { formatNaira } from '../../../lib/format'
import { accountOptionLabel } from '../../../components/accounts/accountStyles'
import { useSourceAccountsQuery, type LookupState } from '../reads'
import { failedField } from '../../../components/failedField'
import { digitsOnly, mobileNumberRules, requiredRule } from './rules'

const NO_ACCOUNTS: never[] = []

export function SourceAccountField() {
  const read = useSourceAccountsQuery()
  const accounts = read.data ?? NO_ACCOUNTS
  return (
    <Form.Item name="nuban" label="From Account" rules={[requiredRule]} {...failedField(read)}>
      <Select
        placeholder="Select From Account"
        loading={read.isFetching}
        notFoundContent="No options found"
        options={accounts.map((a) => ({ label: accountOptionLabel(a), value: a.accountNumber }))}
        optionRender={(option) => {
          const account = accounts.find((a) => a.accountNumber === option.value)
          return (
            <div className="kobo-bill-account-option">
              <span>{option.label}</span>
              {account && <span className="kobo-bill-account-option__balance">{formatNaira(account.availableBalance)}</span>}
            </div>
          )
        }}
      />
    </Form.Item>
  )
}

export function MobileNumberField() {
  return (
    <Form.Item name="phoneNumber" label="Mobile Number" rules={mobileNumberRules} normalize={digitsOnly} validateFirst>
      <Input inputMode="numeric" maxLength={11} placeholder="080XXXXXXXX" autoComplete="tel" />
    </Form.Item>
  )
}

/** The holder found by 'Get Meter Details' / 'Get Cable Details', or why not. */
export function HolderStatus({ lookup, what }: { lookup: LookupState | undefined; what: 'meter' | 'card' }) {
  if (!lookup) return null
  if (lookup.status !== 'resolved') {
    return <LookupNotice status={lookup.status} error={lookup.error} verifying={`Verifying ${what === 'meter' ? 'meter' : 'smart card'}…`} />
  }
  const holder = lookup.holder
  return (
    <div className="kobo-bill-holder" data-testid="bill-holder">
      <div className="kobo-bill-holder__name">
        <CheckCircleFilled /> <span data-testid="bill-holder-name">{holder?.name}</span>
      </div>
      {holder?.address && <div className="kobo-bill-holder__sub">{holder.address}</div>}
      {holder?.phoneNumber && <div className="kobo-bill-holder__sub">{holder.phoneNumber}</div>}
    </div>
  )
}
