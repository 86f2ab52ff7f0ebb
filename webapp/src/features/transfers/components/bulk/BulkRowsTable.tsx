/** The rows of a bulk transfer: name look-up, amount, then each row's result; a total below. */
import { Button, Table } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { formatNaira } from '../../../../lib/format'
import type { LookupState } from '../../../../store/payees/payeesSlice'
import type { Transfer } from '../../../../api/transferTypes'
import { NameCell, ResultCell } from './BulkCells'
import { lookupKeyOf, type BulkRow } from './bulkRows'

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
  return (
    <Table<BulkRow>
      className="kobo-bulk__table"
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 760 }}
      locale={{ emptyText: 'No rows yet. Add a row, paste or upload a CSV.' }}
      columns={[
        { title: '#', key: 'n', width: 48, render: (_, __, index) => index + 1 },
        { title: 'Account Number', dataIndex: 'accountNumber', key: 'accountNumber', width: 130 },
        { title: 'Bank', key: 'bank', render: (_, row) => bankName.get(row.bankCode) ?? row.bankCode },
        { title: 'Account Name', key: 'name', render: (_, row) => <NameCell lookup={lookups[lookupKeyOf(row)]} /> },
        { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => formatNaira(row.amount) },
        { title: 'Narration', dataIndex: 'description', key: 'description', ellipsis: true },
        ...(locked || hasRowErrors
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
                title: '',
                key: 'remove',
                width: 56,
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
            <Table.Summary.Cell index={0} colSpan={4}>
              <strong>
                Total ({rows.length} {rows.length === 1 ? 'transfer' : 'transfers'})
              </strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong data-testid="bulk-total">{formatNaira(total)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} colSpan={2} />
          </Table.Summary.Row>
        ) : null
      }
    />
  )
}
