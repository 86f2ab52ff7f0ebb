/**
 * Route /transaction-history (docs/contract.md §12.1): the
 * customer's transactions in a server-side paged table (Date, Time, Details,
 * Transaction Type, Amount; 10/25/50 rows), search by narration or
 * reference, filters (account, date range, type, status), the Transaction
 * Details modal, and the Request Statement modal.
 */
import { useEffect, useMemo, useState } from 'react'
import { Badge, Button, Card, Typography } from 'antd'
import { ResponsiveTable } from '../../components/table/ResponsiveTable'
import { FilterOutlined, MailOutlined, SendOutlined } from '@ant-design/icons'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { LoadState } from '../../components/LoadState'
import { failedField } from '../../components/failedField'
import { useIsMobile } from '../../lib/useIsMobile'
import { useAccountsQuery } from '../../store/accounts/reads'
import { detailLinked, detailOpened, historyQueryChanged, selectHistory, statementOpened } from './historySlice'
import { useTransactionsQuery } from './reads'
import { loadOf } from '../../api/koboApi'
import { HistoryFiltersBar } from './components/HistoryFiltersBar'
import { activeFilterCount } from './filters'
import { TransactionDetailsModal } from './components/TransactionDetailsModal'
import { RequestStatementModal } from './components/RequestStatementModal'
import { historyColumns } from './components/columns'
import { HISTORY_FAILED, HISTORY_HEADING, MAKE_A_TRANSFER, NO_RECORDS, REQUEST_STATEMENT } from './texts'
import { PAGE_SIZES } from '../../components/table/pagination'
import { TableSearch } from '../../components/table/TableSearch'
import type { HistoryFilters, Transaction } from './types'
import './history.css'

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 400

export function TransactionHistoryPage() {
  const dispatch = useAppDispatch()
  const isMobile = useIsMobile()
  const navigate = useNavigate()
  const { query } = useAppSelector(selectHistory)
  const page = useTransactionsQuery(query)
  const items = page.data?.content ?? []
  const total = page.data?.totalElements ?? 0
  const load = loadOf(page)
  const loaded = page.data !== undefined
  const accountsQuery = useAccountsQuery()
  const accounts = accountsQuery.data ?? []
  const [search, setSearch] = useState(query.search ?? '')
  const [filtersOpen, setFiltersOpen] = useState(false)

  // The first page on arrival, with the filters kept from the last visit.
  useEffect(() => {
    dispatch(historyQueryChanged({ ...query, page: 0 }))
    // Only on arrival: later loads come from the controls below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch])

  // Searching waits for a pause in typing, then starts again from the first page.
  useEffect(() => {
    const wanted = search.trim()
    if (wanted === (query.search ?? '')) return
    const timer = setTimeout(() => dispatch(historyQueryChanged({ ...query, search: wanted || undefined, page: 0 })), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, query, dispatch])

  const applyFilters = (filters: HistoryFilters) =>
    dispatch(historyQueryChanged({ ...filters, search: query.search, page: 0, size: query.size }))

  const open = (row: Transaction) => dispatch(detailOpened(row))
  // ?reference=… (a reported problem's link back to its payment) opens that payment's details.
  const [params] = useSearchParams()
  const linked = params.get('reference')
  useEffect(() => {
    if (linked) dispatch(detailLinked(linked))
  }, [dispatch, linked])
  const columns = useMemo(() => historyColumns(open), [dispatch]) // eslint-disable-line react-hooks/exhaustive-deps
  const activeFilters = activeFilterCount(query)
  const showFilters = !isMobile || filtersOpen
  const retry = () => page.refetch()
  // With a search or filter on, "nothing" means nothing matched, not an empty account.
  const filtered = activeFilters > 0 || Boolean(query.search)

  return (
    <>
      <div className="kobo-page-head kobo-page-head--row">
        <div>
          <Typography.Title level={1}>{HISTORY_HEADING}</Typography.Title>
          <Typography.Text type="secondary">Every credit and debit on your accounts, newest first</Typography.Text>
        </div>
        <Button type="primary" icon={<MailOutlined />} onClick={() => dispatch(statementOpened())}>
          {REQUEST_STATEMENT}
        </Button>
      </div>
      <Card variant="borderless" className="kobo-history-card">
        <div className="kobo-table-toolbar">
          <TableSearch label="Search transactions" placeholder="Search by narration or reference" value={search} onChange={setSearch} />
          <div className="kobo-history-toolbar__end">
            <Typography.Text type="secondary" data-testid="history-total">
              {loaded ? `${total.toLocaleString('en-US')} ${total === 1 ? 'transaction' : 'transactions'}` : ''}
            </Typography.Text>
            {isMobile && (
              <Badge count={activeFilters} size="small" color="#0B6E4F">
                <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen((v) => !v)} aria-expanded={filtersOpen}>
                  Filter
                </Button>
              </Badge>
            )}
          </div>
        </div>
        {showFilters && (
          <HistoryFiltersBar
            query={query}
            accounts={accounts}
            accountsLoading={accountsQuery.isFetching}
            accountsFailed={failedField(accountsQuery).help}
            onChange={applyFilters}
          />
        )}
        {/* Paging and filtering keep the table (with its own spinner) once a page was shown. */}
        <LoadState
          load={load}
          onRetry={retry}
          failedTitle={HISTORY_FAILED}
          hasData={loaded}
          isEmpty={loaded && items.length === 0}
          empty={{
            description: NO_RECORDS,
            action: filtered ? undefined : (
              <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => navigate('/transfer')}>
                {MAKE_A_TRANSFER}
              </Button>
            ),
          }}
          skeletonRows={8}
        >
          <ResponsiveTable<Transaction>
            rowKey={(t) => `${t.accountNumber}:${t.referenceNumber}`}
            loading={load.status === 'loading'}
            dataSource={items}
            columns={columns}
            size={isMobile ? 'small' : 'middle'}
            locale={{ emptyText: NO_RECORDS }}
            className="kobo-history-table"
            rowClassName="kobo-history-row"
            onRow={(row) => ({
              onClick: () => open(row),
              onKeyDown: (event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) open(row)
              },
              tabIndex: 0,
              'aria-label': `${row.narration}, ${row.dateCreated} ${row.timeCreated}`,
              'data-testid': 'history-row',
            })}
            pagination={{
              current: query.page + 1,
              pageSize: query.size,
              total,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showQuickJumper: !isMobile,
              showTotal: isMobile ? undefined : (all, [from, to]) => `${from}-${to} of ${all.toLocaleString('en-US')}`,
              showLessItems: isMobile,
              onChange: (current, pageSize) =>
                dispatch(historyQueryChanged({ ...query, page: pageSize !== query.size ? 0 : current - 1, size: pageSize })),
            }}
          />
        </LoadState>
      </Card>
      <TransactionDetailsModal />
      <RequestStatementModal accounts={accounts} defaultAccount={query.accountNumber} />
    </>
  )
}
