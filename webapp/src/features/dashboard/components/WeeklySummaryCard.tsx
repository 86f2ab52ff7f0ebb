/** This week's transaction counts and money in/out. */
import { Card, Col, Row } from '../../../components/plain'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import type { WeeklyTransactionSummary } from '../../../api/types'
import { formatNaira } from '../../../lib/format'

export function WeeklySummaryCard({ summary }: { summary: WeeklyTransactionSummary }) {
  const stats = [
    { label: 'Completed', value: summary.completedTransactions, color: '#1E9E5A' },
    { label: 'Pending', value: summary.pendingTransactions, color: '#C98A0B' },
    { label: 'Failed', value: summary.failedTransactions, color: '#C53030' },
  ]
  return (
    <Card title="This Week">
      <Row gutter={[12, 12]}>
        {stats.map((s) => (
          <Col span={8} key={s.label}>
            <div className="kobo-stat" role="group" aria-label={`${s.label} transactions this week: ${s.value}`}>
              <div className="kobo-stat__value" style={{ color: s.color }}>
                {s.value}
              </div>
              <div className="kobo-stat__label">{s.label}</div>
            </div>
          </Col>
        ))}
        <Col span={12}>
          <div className="kobo-flow">
            <span className="kobo-flow__icon" style={{ background: '#E3F5EC', color: '#1E9E5A' }}>
              <ArrowDownOutlined />
            </span>
            <div>
              <div className="kobo-stat__label">Inwards</div>
              <div className="kobo-flow__amount">{formatNaira(summary.inwards)}</div>
            </div>
          </div>
        </Col>
        <Col span={12}>
          <div className="kobo-flow">
            <span className="kobo-flow__icon" style={{ background: '#FCEAEA', color: '#C53030' }}>
              <ArrowUpOutlined />
            </span>
            <div>
              <div className="kobo-stat__label">Outwards</div>
              <div className="kobo-flow__amount">{formatNaira(summary.outwards)}</div>
            </div>
          </div>
        </Col>
      </Row>
    </Card>
  )
}
