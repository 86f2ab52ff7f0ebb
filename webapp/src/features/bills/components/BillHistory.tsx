/**
 * The bill payment history under the tiles: search, filters (product and
 * status), sortable date and amount, 10/25/50 rows a page. View opens
 * 'Bill Payment Details'. On phones each row folds into one cell.
 */
import { useMemo, useState } from 'react'
import { Button, Card, Select, Typography } from 'antd'
import { ResponsiveTable } from '../../../components/table/ResponsiveTable'
import { EyeOutlined, PhoneOutlined, ReloadOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../../store/hooks'
import { EmptyState, LoadState } from '../../../components/LoadState'
import { formatDateTime, formatNaira } from '../../../lib/format'
import { detailsOpened, panelOpened } from '../billsSlice'
import { useBillLogsQuery } from '../reads'
import { loadOf } from '../../../api/koboApi'
import { matchesSearch, productLabel, recipientOf, sortKeyOf, statusGroup } from '../display'
import { HISTORY_FAILED, HISTORY_TITLE, NO_RECORDS, PAY_FIRST_BILL, PRODUCT_LABELS } from '../texts'
import type { BillLog } from '../types'
import { StatusTag } from './BillFacts'
import { ProductIcon } from './ProductIcon'
import { useTablePagination } from '../../../components/table/pagination'
import { TableSearch } from '../../../components/table/TableSearch'

const STATUS_FILTERS = [
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'FAILED', label: 'Failed' },
]

const NO_LOGS: BillLog[] = []

export function BillHistory() {
  const dispatch = useAppDispatch()
  const read = useBillLogsQuery()
  const logs = { items: read.data ?? NO_LOGS, load: loadOf(read) }
  const [search, setSearch] = useState('')
  const [product, setProduct] = useState<string | undefined>()
  const [status, setStatus] = useState<string | undefined>()
  const { pagination, firstPage } = useTablePagination()

  const rows = useMemo(
    () =>
      logs.items.filter(
        (bill) =>
          matchesSearch(bill, search) &&
          (!product || bill.utilityProductType === product) &&
          (!status || statusGroup(bill.vendingStatus) === status),
      ),
    [logs.items, search, product, status],
  )
  const view = (bill: BillLog) => dispatch(detailsOpened(bill.id))

  return (
    <Card
      variant="borderless"
      title={HISTORY_TITLE}
      className="kobo-bill-history"
      extra={
        <Button type="text" icon={<ReloadOutlined />} aria-label="Refresh history" onClick={read.refetch} loading={logs.load.status === 'loading'} />
      }
    >
      <div className="kobo-table-toolbar kobo-bill-toolbar">
        <TableSearch
          label="Search bill payments"
          placeholder="Search by number, provider, reference or token"
          value={search}
          onChange={(value) => {
            setSearch(value)
            firstPage()
          }}
        />
        <div className="kobo-bill-filters">
          <Select
            allowClear
            placeholder="All products"
            aria-label="Filter by product"
            value={product}
            onChange={(value) => {
              setProduct(value)
              firstPage()
            }}
            options={Object.entries(PRODUCT_LABELS).map(([value, label]) => ({ value, label }))}
            className="kobo-bill-filter"
          />
          <Select
            allowClear
            placeholder="All statuses"
            aria-label="Filter by status"
            value={status}
            onChange={(value) => {
              setStatus(value)
              firstPage()
            }}
            options={STATUS_FILTERS}
            className="kobo-bill-filter"
          />
        </div>
      </div>
      <LoadState load={logs.load} onRetry={read.refetch} failedTitle={HISTORY_FAILED} hasData={read.data !== undefined}>
        <Typography.Text type="secondary" className="kobo-bill-count">
          {rows.length} {rows.length === 1 ? 'payment' : 'payments'}
        </Typography.Text>
        <ResponsiveTable<BillLog>
          rowKey="id"
          size="middle"
          dataSource={rows}
          // The table (with its headers) stays for the empty state; no bills at all gets the next step.
          locale={{
            emptyText:
              logs.items.length === 0 ? (
                <EmptyState
                  description={NO_RECORDS}
                  action={
                    <Button type="primary" icon={<PhoneOutlined aria-hidden />} onClick={() => dispatch(panelOpened('AIRTIME'))}>
                      {PAY_FIRST_BILL}
                    </Button>
                  }
                />
              ) : (
                NO_RECORDS
              ),
          }}
          className="kobo-bill-table"
          pagination={pagination}
          columns={[
            {
              title: 'Date',
              dataIndex: 'dateCreated',
              key: 'date',
              defaultSortOrder: 'descend',
              sortDirections: ['descend', 'ascend', 'descend'],
              sorter: (a, b) => sortKeyOf(a.dateCreated).localeCompare(sortKeyOf(b.dateCreated)),
              responsive: ['md'],
              render: (value: string) => <span className="kobo-tabular kobo-nowrap">{formatDateTime(value)}</span>,
            },
            {
              title: 'Bill',
              key: 'bill',
              render: (_, bill) => (
                <div className="kobo-bill-cell">
                  <ProductIcon type={bill.utilityProductType} />
                  <span className="kobo-bill-cell__text">
                    <span className="kobo-bill-cell__title">
                      {productLabel(bill.utilityProductType)} · {bill.utilityProviderTitle}
                    </span>
                    <span className="kobo-bill-cell__sub kobo-tabular">
                      {recipientOf(bill)}
                      {bill.electricityMeterOwner ? ` · ${bill.electricityMeterOwner}` : ''}
                    </span>
                    <span className="kobo-bill-cell__date kobo-tabular">{formatDateTime(bill.dateCreated)}</span>
                  </span>
                </div>
              ),
            },
            {
              title: 'Amount',
              dataIndex: 'amount',
              key: 'amount',
              align: 'right',
              sorter: (a, b) => a.amount - b.amount,
              render: (value: number, bill) => (
                <div className="kobo-bill-amount">
                  <span className="kobo-tabular kobo-nowrap">{formatNaira(value)}</span>
                  <span className="kobo-bill-amount__status">
                    <StatusTag status={bill.vendingStatus} />
                  </span>
                </div>
              ),
            },
            {
              title: 'Status',
              dataIndex: 'vendingStatus',
              key: 'status',
              responsive: ['md'],
              render: (value: string) => <StatusTag status={value} />,
            },
            {
              title: 'Actions',
              key: 'actions',
              align: 'right',
              width: 90,
              render: (_, bill) => (
                <Button size="small" icon={<EyeOutlined />} onClick={() => view(bill)} aria-label={`View ${bill.reference}`}>
                  View
                </Button>
              ),
            },
          ]}
        />
      </LoadState>
    </Card>
  )
}
