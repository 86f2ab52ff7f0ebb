/** The Recipient and Result cells of the bulk rows table. */
import { Tag, Typography } from 'antd'
import { ReceiptActions } from '../../../../components/receipt/ReceiptActions'
import { statusTagOf } from '../../../../components/receipt/receiptModel'
import type { LookupState } from '../../../../store/payees/nameLookup'
import type { Transfer } from '../../../../api/transferTypes'
import type { BulkRow } from './bulkRows'

/** The name the bank gave (or why there is none), then account number and bank, then the
 * narration the customer wrote. */
export function RecipientCell({ row, bank, lookup }: { row: BulkRow; bank: string; lookup: LookupState | undefined }) {
  return (
    <div className="kobo-bulk-recipient">
      <NameCell lookup={lookup} />
      <span className="kobo-bulk-recipient__sub">
        <span className="kobo-tabular">{row.accountNumber}</span> · {bank}
      </span>
      {row.description && <span className="kobo-bulk-recipient__sub kobo-bulk-recipient__narration">{row.description}</span>}
    </div>
  )
}

function NameCell({ lookup }: { lookup: LookupState | undefined }) {
  if (!lookup || lookup.status === 'loading') return <Typography.Text type="secondary">Verifying…</Typography.Text>
  if (lookup.status === 'failed') return <Typography.Text type="danger">{lookup.error}</Typography.Text>
  return <Typography.Text strong>{lookup.result?.accountName}</Typography.Text>
}

export function ResultCell({ transfer, refusal }: { transfer?: Transfer; refusal?: string }) {
  if (refusal) return <Typography.Text type="danger">{refusal}</Typography.Text>
  if (!transfer) return null
  const held = transfer.heldForReview
  const { color, label } = statusTagOf(transfer.status, held)
  return (
    <div className="kobo-bulk-result">
      <Tag color={color}>{label}</Tag>
      {(transfer.status === 'FAILED' || held) && transfer.message && <span className="kobo-bulk-result__text">{transfer.message}</span>}
      {/* A refused row moved no money, a held one not yet: there is nothing to show a receipt for. */}
      {transfer.status !== 'FAILED' && !held && <ReceiptActions referenceNumber={transfer.referenceNumber} compact />}
    </div>
  )
}
