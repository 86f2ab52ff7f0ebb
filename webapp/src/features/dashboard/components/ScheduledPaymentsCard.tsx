/** Upcoming scheduled payments; each row leads to /scheduled-payment, completed ones show a tick. */
import { Button, Card, Empty } from 'antd'
import { CalendarOutlined, CheckCircleFilled } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import type { DashboardScheduledPayment } from '../../../api/types'
import { formatNaira, humanize } from '../../../lib/format'
import { NO_RECORDS } from './RecentTransactionsCard'
import { StatusTag } from './StatusTag'

export function ScheduledPaymentsCard({ payments }: { payments: DashboardScheduledPayment[] }) {
  const navigate = useNavigate()
  const open = () => navigate('/scheduled-payment')
  return (
    <Card
      title="Scheduled Payments"
      variant="borderless"
      extra={
        <Button type="link" onClick={open} style={{ paddingInline: 0 }}>
          View all
        </Button>
      }
    >
      {payments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_RECORDS} />
      ) : (
        <div role="list" aria-label="Scheduled payments">
          {payments.map((p, index) => {
            const completed = p.status === 'COMPLETED'
            return (
              <div role="listitem" key={`${p.beneficiaryAccount}-${index}`}>
                <button type="button" className="kobo-list-row kobo-list-row--clickable" onClick={open}>
                  <span
                    className="kobo-flow__icon"
                    style={completed ? { background: '#E3F5EC', color: '#1E9E5A' } : { background: '#EEF3F8', color: '#1D3557' }}
                  >
                    {completed ? <CheckCircleFilled aria-label="Completed" /> : <CalendarOutlined />}
                  </span>
                  <span className="kobo-list-row__main">
                    <span className="kobo-list-row__title" style={{ display: 'block' }}>
                      {humanize(p.type)}
                    </span>
                    <span className="kobo-list-row__sub">To {p.beneficiaryAccount}</span>
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
