/**
 * The outcome of a name look-up under an account number field: the resolved
 * account name, or "Invalid account details" (docs/contract.md §8.2).
 */
import { Spin } from 'antd'
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons'
import type { LookupState } from './nameLookup'

export function LookupStatus({ lookup }: { lookup: LookupState | undefined }) {
  if (!lookup) return null
  if (lookup.status === 'loading') {
    return (
      <div className="kobo-lookup kobo-lookup--loading" role="status">
        <Spin size="small" /> Verifying account…
      </div>
    )
  }
  if (lookup.status === 'failed') {
    return (
      <div className="kobo-lookup kobo-lookup--failed" role="alert">
        <CloseCircleFilled /> {lookup.error}
      </div>
    )
  }
  return (
    <div className="kobo-lookup kobo-lookup--resolved" data-testid="resolved-name">
      <CheckCircleFilled /> <span>{lookup.result?.accountName}</span>
      {lookup.result?.bankName && <span className="kobo-lookup__bank">· {lookup.result.bankName}</span>}
    </div>
  )
}
