/** The rows of a bulk transfer: name look-up, amount, then each row's result; a total below.
 * Who is paid is one column (name, then account number and bank, then the narration), so a
 * row fits a phone without the table scrolling sideways and hiding its amount. */
import { Button, Table } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { formatNaira } from '../../../../lib/format'
import { useIsMobile } from '../../../../lib/useIsMobile'
import { payeeKey, type LookupState } from '../../../../store/payees/nameLookup'
import type { Transfer } from '../../../../api/transferTypes'
import { RecipientCell, ResultCell } from './BulkCells'
import type { BulkRow } from './bulkRows'

interface Props {
  rows: BulkRow[]
  lookups: Record<string, LookupState>
  bankName: Map<string, string>
  /** A batch is being sent or is done: no more removing, and the Result column shows. */
  locked: boolean
  /** The first call refused some rows (by position). */
  rowErrors: Record<number, string>
  results: Transfer[]
  total: number
  onRemove: (row: BulkRow) => void
}

export function BulkRowsTable({ rows, lookups, bankName, locked, rowErrors, results, total, onRemove }: Props) {
  const hasRowErrors = Object.keys(rowErrors).length > 0
  // A phone keeps its width for who is paid and how much: no row numbers.
  const numbered = !useIsMobile()
  const showsResult = locked || hasRowErrors
  // The total lines up under Amount, with an empty cell under what follows it.
  const amountColumn = numbered ? 2 : 1
  const columnsAfterAmount = (showsResult ? 1 : 0) + (locked ? 0 : 1)
  return (
    <Table<BulkRow>
      className="kobo-bulk__table"
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: 'No rows yet. Add a row, paste or upload a CSV.' }}
      columns={[
        ...(numbered ? [{ title: '#', key: 'n', width: 44, render: (_: unknown, __: BulkRow, index: number) => index + 1 }] : []),
        {
          title: 'Recipient',
          key: 'recipient',
          render: (_, row) => (
            <RecipientCell row={row} bank={bankName.get(row.bankCode) ?? row.bankCode} lookup={lookups[payeeKey(row)]} />
          ),
        },
        {
          title: 'Amount',
          key: 'amount',
          align: 'right',
          render: (_, row) => <span className="kobo-tabular kobo-bulk__amount">{formatNaira(row.amount)}</span>,
        },
        ...(showsResult
          ? [
              {
                title: 'Result',
                key: 'result',
                render: (_: unknown, __: BulkRow, index: number) => <ResultCell transfer={results[index]} refusal={rowErrors[index]} />,
              },
            ]
          : []),
        ...(!locked
          ? [
              {
                title: <span className="kobo-visually-hidden">Remove</span>,
                key: 'remove',
                width: 48,
                render: (_: unknown, row: BulkRow) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove row ${row.accountNumber}`}
                    onClick={() => onRemove(row)}
                  />
                ),
              },
            ]
          : []),
      ]}
      summary={() =>
        rows.length > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={numbered ? 2 : 1}>
              <strong>
                Total ({rows.length} {rows.length === 1 ? 'transfer' : 'transfers'})
              </strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={amountColumn} align="right">
              <strong className="kobo-tabular" data-testid="bulk-total">
                {formatNaira(total)}
              </strong>
            </Table.Summary.Cell>
            {columnsAfterAmount > 0 && <Table.Summary.Cell index={amountColumn + 1} colSpan={columnsAfterAmount} />}
          </Table.Summary.Row>
        ) : null
      }
    />
  )
}
