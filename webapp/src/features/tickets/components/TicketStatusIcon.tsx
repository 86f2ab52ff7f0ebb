/** The resolved (green tick) or unresolved (amber clock) mark of a ticket. */
import { CheckCircleFilled, ClockCircleFilled } from '@ant-design/icons'
import { RESOLVED, UNRESOLVED } from '../texts'

export function TicketStatusIcon({ resolved }: { resolved: boolean }) {
  return resolved ? (
    <CheckCircleFilled className="kobo-ticket-icon kobo-ticket-icon--resolved" aria-label={RESOLVED} title={RESOLVED} role="img" />
  ) : (
    <ClockCircleFilled className="kobo-ticket-icon kobo-ticket-icon--open" aria-label={UNRESOLVED} title={UNRESOLVED} role="img" />
  )
}
