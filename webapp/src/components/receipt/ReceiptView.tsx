/**
 * What the customer sees once money moved (or tried to): an antd Result in
 * the outcome's colour, the facts a receipt carries (amount, recipient, bank,
 * masked account, reference, status, date), the electricity token when there
 * is one, and the receipt actions. Transfers, bills and bulk rows share it. A payment held for
 * the team's review (docs/contract.md §16.1) reads calmly: a shield, not a clock or an error,
 * its own status, and no receipt, since nothing was sent.
 */
import type { ReactNode } from 'react'
import { Result, Tag } from 'antd'
import { ClockCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { formatDateTime, formatNaira } from '../../lib/format'
import { maskAccountNumber } from '../../lib/mask'
import { ReceiptActions } from './ReceiptActions'
import { TokenDisplay } from './TokenDisplay'
import { outcomeOf, statusTagOf, type ReceiptFacts } from './receiptModel'
import './receipt.css'

export function ReceiptStatusTag({ status, held }: { status: string; held?: boolean }) {
  const { color, label } = statusTagOf(status, held)
  return (
    <Tag color={color} className="kobo-receipt-status" data-testid="receipt-status">
      {label}
    </Tag>
  )
}

interface Props {
  status: string
  title: ReactNode
  subTitle?: ReactNode
  facts: ReceiptFacts
  /** Extra content under the facts (e.g. "Checking with the bank…"). */
  children?: ReactNode
  /** Held for the team's review: Pending, told apart. */
  held?: boolean
}

export function ReceiptView({ status, title, subTitle, facts, children, held = false }: Props) {
  const outcome = outcomeOf(status)
  const rows: [string, ReactNode][] = []
  if (facts.recipientName) rows.push(['Recipient', <strong key="name">{facts.recipientName}</strong>])
  if (facts.bank) rows.push([facts.bankLabel ?? 'Bank', facts.bank])
  if (facts.account) rows.push([facts.accountLabel ?? 'Account', maskAccountNumber(facts.account)])
  if (facts.description) rows.push(['Description', facts.description])
  if (facts.referenceNumber) {
    rows.push(['Reference', <span key="ref" className="kobo-receipt__reference" data-testid="receipt-reference">{facts.referenceNumber}</span>])
  }
  rows.push(['Status', <ReceiptStatusTag key="status" status={status} held={held} />])
  if (facts.date) rows.push(['Date', formatDateTime(facts.date)])

  return (
    <div className={`kobo-receipt kobo-receipt--${held ? 'held' : outcome.toLowerCase()}`} data-testid="receipt">
      <Result
        className="kobo-receipt__result"
        status={outcome === 'COMPLETED' ? 'success' : outcome === 'FAILED' ? 'error' : 'info'}
        icon={held ? <SafetyCertificateOutlined style={{ color: '#0B6E4F' }} /> : outcome === 'PENDING' ? <ClockCircleOutlined style={{ color: '#E0A526' }} /> : undefined}
        title={title}
        subTitle={subTitle}
      />
      <div className="kobo-receipt__amount" data-testid="receipt-amount">
        {formatNaira(facts.amount)}
      </div>
      {facts.token && <TokenDisplay token={facts.token} units={facts.units} />}
      <dl className="kobo-receipt__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      {!held && <ReceiptActions referenceNumber={facts.referenceNumber} block />}
    </div>
  )
}
