/** Small pieces shared by the table and the details modal: the type tag and the signed amount. */
import { Tag } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { formatNaira } from '../../../lib/format'

export function TypeTag({ type }: { type: string }) {
  const credit = type === 'CREDIT'
  return (
    <Tag
      color={credit ? 'green' : 'red'}
      icon={credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      style={{ marginInlineEnd: 0 }}
      data-testid="transaction-type"
    >
      {credit ? 'Credit' : 'Debit'}
    </Tag>
  )
}

/** "+₦1,234.50" in green for a credit, "-₦1,234.50" for a debit: never mistaken for each other. */
export function SignedAmount({ amount, type, className = '' }: { amount: number; type: string; className?: string }) {
  const credit = type === 'CREDIT'
  return (
    <span className={`${credit ? 'kobo-history-amount--credit' : 'kobo-history-amount--debit'} ${className}`} data-testid="amount">
      {credit ? '+' : '-'}
      {formatNaira(amount)}
    </span>
  )
}
