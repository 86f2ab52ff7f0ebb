import { Button, Card } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, SendOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { EmptyState } from '../../../components/LoadState'
import type { RecentTransaction } from '../../../api/types'
import { formatDateTime, formatNaira } from '../../../lib/format'
import { StatusTag } from './StatusTag'

export const NO_RECORDS = 'No records to display'
export const MAKE_A_TRANSFER = 'Make a transfer'

export function RecentTransactionsCard({ transactions }: { transactions: RecentTransaction[] }) {
  const navigate = useNavigate()
  return (
    <Card title="Recent Transactions" variant="borderless">
      {transactions.length === 0 ? (
        <EmptyState
          description={NO_RECORDS}
          action={
            <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => navigate('/transfer')}>
              {MAKE_A_TRANSFER}
            </Button>
          }
        />
      ) : (
        <div role="list" aria-label="Recent transactions">
          {transactions.map((t, index) => {
            const credit = t.transactionType === 'CREDIT'
            return (
              // The list has no ids; its order is the server's and never changes in place.
              <div className="kobo-list-row" role="listitem" key={`${t.date}-${index}`}>
                <span
                  className="kobo-flow__icon"
                  style={credit ? { background: '#E3F5EC', color: '#1E9E5A' } : { background: '#FCEAEA', color: '#D64545' }}
                >
                  {credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
                </span>
                <div className="kobo-list-row__main">
                  <div className="kobo-list-row__title">{credit ? `From ${t.sender}` : `To ${t.beneficiaryAccount}`}</div>
                  <div className="kobo-list-row__sub">{formatDateTime(t.date)}</div>
                </div>
                <div className="kobo-list-row__end">
                  <div className={credit ? 'kobo-amount-credit' : 'kobo-amount-debit'}>
                    {credit ? '+' : '-'}
                    {formatNaira(t.amount)}
                  </div>
                  <StatusTag status={t.status} />
                </div>
              </div>
            )
          })}
        </div>
      )}
    </Card>
  )
}
