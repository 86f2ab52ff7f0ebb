/** Small pieces shared by the table and the details modal: the type tag, the signed amount and the parties. */
import { Tag } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { formatNaira } from '../../../lib/format'

/** A failed transaction moved no money: it must not look like a debit or a credit. */
const isFailed = (status: string | undefined) => status === 'FAILED'

export function TypeTag({ type, status }: { type: string; status?: string }) {
  const credit = type === 'CREDIT'
  return (
    <Tag
      color={isFailed(status) ? 'default' : credit ? 'green' : 'red'}
      icon={credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      style={{ marginInlineEnd: 0 }}
      data-testid="transaction-type"
    >
      {credit ? 'Credit' : 'Debit'}
    </Tag>
  )
}

/**
 * "+₦1,234.50" in green for a credit, "-₦1,234.50" for a debit: never mistaken
 * for each other. A failed one is neutral and unsigned (no money moved); a
 * pending one keeps its sign in a muted colour (the money is held, not gone).
 */
export function SignedAmount({
  amount,
  type,
  status,
  className = '',
}: {
  amount: number
  type: string
  status?: string
  className?: string
}) {
  const credit = type === 'CREDIT'
  const tone = isFailed(status) ? 'failed' : status === 'PENDING' ? 'pending' : credit ? 'credit' : 'debit'
  const sign = isFailed(status) ? '' : credit ? '+' : '-'
  return (
    <span className={`kobo-history-amount--${tone} ${className}`} data-testid="amount">
      {sign}
      {formatNaira(amount)}
    </span>
  )
}
