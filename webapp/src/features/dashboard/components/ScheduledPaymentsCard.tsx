/**
 * Upcoming scheduled payments on /home; each row leads to /scheduled-payment
 * (opening that payment's details), completed ones show a green tick.
 */
import { Button, Card, Empty } from '../../../components/plain'
import { CalendarOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import type { DashboardScheduledPayment } from '../../../api/types'
import { formatNaira, humanize } from '../../../lib/format'
import { NO_RECORDS } from './RecentTransactionsCard'
import { StatusTag } from '../../../components/StatusTag'

/** Fields the BFF sends beside the contract's four (bff/accounts/schemas.py). */
export interface DashboardScheduleExtras {
  uuid?: string
  scheduleDate?: string
  beneficiaryName?: string
}

const ICONS: Record<string, { icon: React.ReactNode; style: React.CSSProperties }> = {
  COMPLETED: { icon: <CheckCircleFilled aria-label="Completed" />, style: { background: '#E3F5EC', color: '#1E9E5A' } },
  FAILED: { icon: <CloseCircleFilled aria-label="Failed" />, style: { background: '#FDECEC', color: '#C53030' } },
}
const UPCOMING = { icon: <CalendarOutlined />, style: { background: '#FFF4E5', color: '#B76E00' } }

export function ScheduledPaymentsCard({ payments }: { payments: (DashboardScheduledPayment & DashboardScheduleExtras)[] }) {
  const navigate = useNavigate()
  const open = (uuid?: string) => navigate(uuid ? `/scheduled-payment?open=${encodeURIComponent(uuid)}` : '/scheduled-payment')
  return (
    <Card
      title="Scheduled Payments"
      extra={
        <Button type="link" onClick={() => open()} style={{ paddingInline: 0 }}>
          View all
        </Button>
      }
    >
      {payments.length === 0 ? (
        <Empty description={NO_RECORDS} />
      ) : (
        <div role="list" aria-label="Scheduled payments">
          {payments.map((p, index) => {
            const look = ICONS[p.status] ?? UPCOMING
            return (
              <div role="listitem" key={p.uuid ?? `${p.beneficiaryAccount}-${index}`} data-status={p.status}>
                <button type="button" className="kobo-list-row kobo-list-row--clickable" onClick={() => open(p.uuid)}>
                  <span className="kobo-flow__icon" style={look.style}>
                    {look.icon}
                  </span>
                  <span className="kobo-list-row__main">
                    <span className="kobo-list-row__title" style={{ display: 'block' }}>
                      {p.beneficiaryName || humanize(p.type)}
                    </span>
                    <span className="kobo-list-row__sub">
                      {p.scheduleDate ? `${p.scheduleDate} · ` : ''}To {p.beneficiaryAccount}
                    </span>
                  </span>
                  <span className="kobo-list-row__end">
                    <span className="kobo-amount-debit" style={{ display: 'block' }}>
                      {formatNaira(p.amount)}
                    </span>
                    <StatusTag status={p.status} />
                  </span>
                </button>
              </div>
            )
          })}
        </div>
      )}
    </Card>
  )
}
