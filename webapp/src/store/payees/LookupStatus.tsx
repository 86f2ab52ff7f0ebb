/**
 * The outcome of a name look-up under an account number field: the resolved
 * account name, or "Invalid account details" (docs/contract.md §8.2).
 */
import { CheckCircleFilled } from '@ant-design/icons'
import { LookupNotice } from '../../components/LookupNotice'
import type { LookupState } from './nameLookup'

export function LookupStatus({ lookup }: { lookup: LookupState | undefined }) {
  if (!lookup) return null
  if (lookup.status !== 'resolved') return <LookupNotice status={lookup.status} error={lookup.error} verifying="Verifying account…" />
  return (
    <div className="kobo-lookup kobo-lookup--resolved" data-testid="resolved-name">
      <CheckCircleFilled /> <span>{lookup.result?.accountName}</span>
      {lookup.result?.bankName && <span className="kobo-lookup__bank">· {lookup.result.bankName}</span>}
    </div>
  )
}
