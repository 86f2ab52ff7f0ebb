import { Button, Card } from '../../../components/plain'
import { LazyTooltip } from '../../../components/LazyTooltip'
import { ArrowDownOutlined, ArrowUpOutlined, SendOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { EmptyState } from '../../../components/LoadState'
import type { RecentTransaction } from '../../../api/types'
import { formatDateTime, formatNaira } from '../../../lib/format'
import { StatusTag } from '../../../components/StatusTag'

export const NO_RECORDS = 'No records to display'
export const MAKE_A_TRANSFER = 'Make a transfer'

const CREDIT_ICON = { background: '#E3F5EC', color: '#1E9E5A' }
const DEBIT_ICON = { background: '#FCEAEA', color: '#C53030' }
const FAILED_ICON = { background: '#EEF1F0', color: '#6B7772' }

/**
 * The other party in words: the name (with its bank under it), else the
 * readable narration. Never the raw account fields, which can hold ledger
 * codes for transfers that went through a settlement account.
 */
function partiesOf(t: RecentTransaction): { title: string; sub: string | null } {
  const name = t.counterpartyName?.trim()
  if (name) {
    const direction = t.transactionType === 'CREDIT' ? 'From' : 'To'
    return { title: `${direction} ${name}`, sub: t.counterpartyBank ?? null }
  }
  return { title: t.narration, sub: null }
}

export function RecentTransactionsCard({
  transactions,
  moneyOffReason = null,
}: {
  transactions: RecentTransaction[]
  /** Why "make a transfer" is off (offline, issue 43); null when it is on. */
  moneyOffReason?: string | null
}) {
  const navigate = useNavigate()
  return (
    <Card title="Recent Transactions">
      {transactions.length === 0 ? (
        <EmptyState
          description={NO_RECORDS}
          action={
            <LazyTooltip title={moneyOffReason}>
              <Button
                type="primary"
                icon={<SendOutlined aria-hidden />}
                onClick={() => navigate('/transfer')}
                disabled={!!moneyOffReason}
              >
                {MAKE_A_TRANSFER}
              </Button>
            </LazyTooltip>
          }
        />
      ) : (
        <div role="list" aria-label="Recent transactions">
          {transactions.map((t, index) => {
            const credit = t.transactionType === 'CREDIT'
            const failed = t.status === 'FAILED'
            const { title, sub } = partiesOf(t)
            return (
              // Older answers had no reference; their order is the server's and never changes in place.
              <div className="kobo-list-row" role="listitem" key={t.referenceNumber ?? `${t.date}-${index}`}>
                <span className="kobo-flow__icon" style={failed ? FAILED_ICON : credit ? CREDIT_ICON : DEBIT_ICON}>
                  {credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
                </span>
                <div className="kobo-list-row__main">
                  <div className="kobo-list-row__title" data-testid="recent-counterparty">
                    {title}
                  </div>
                  <div className="kobo-list-row__sub">
                    {sub && <span data-testid="recent-bank">{sub} · </span>}
                    <span>{formatDateTime(t.date)}</span>
                  </div>
                </div>
                <div className="kobo-list-row__end">
                  {/* A failed one moved no money: neutral and unsigned, the tag says Failed. */}
                  <div
                    className={failed ? 'kobo-amount-failed' : credit ? 'kobo-amount-credit' : 'kobo-amount-debit'}
                    style={failed ? { color: '#6B7772', fontWeight: 600 } : undefined}
                    data-testid="recent-amount"
                  >
                    {failed ? '' : credit ? '+' : '-'}
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
