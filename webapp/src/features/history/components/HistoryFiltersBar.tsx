/**
 * The history filters: account, date range (From / To), transaction type and
 * status. Every change reloads the first page; Clear filters drops them all.
 */
import { Button, DatePicker, Select } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { ReactNode } from 'react'
import type { Account } from '../../../api/types'
import { WIRE_DAY, toWireDay } from '../dates'
import { activeFilterCount, fromWireDay, accountLabel } from '../filters'
import type { HistoryFilters, HistoryQuery, TransactionStatus, TransactionType } from '../types'

const ALL = ''

const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  { value: 'CREDIT', label: 'Credit' },
  { value: 'DEBIT', label: 'Debit' },
]
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'FAILED', label: 'Failed' },
]

interface Props {
  query: HistoryQuery
  accounts: Account[]
  accountsLoading: boolean
  /** The accounts' read failed: its reason and Retry, shown in the account list's popup. */
  accountsFailed?: ReactNode
  onChange: (filters: HistoryFilters) => void
}

export function HistoryFiltersBar({ query, accounts, accountsLoading, accountsFailed, onChange }: Props) {
  const filters: HistoryFilters = {
    accountNumber: query.accountNumber,
    startDate: query.startDate,
    endDate: query.endDate,
    transactionType: query.transactionType,
    status: query.status,
  }
  const set = (change: Partial<HistoryFilters>) => onChange({ ...filters, ...change })
  const start = fromWireDay(query.startDate)
  const end = fromWireDay(query.endDate)
  const today = dayjs().endOf('day')

  return (
    <div className="kobo-history-filters" role="group" aria-label="Filter transactions">
      <div className="kobo-history-filters__grid">
        <div className="kobo-history-filter kobo-history-filter--account">
          <span className="kobo-history-filter__label">Account</span>
          <Select
            aria-label="Account"
            value={query.accountNumber ?? ALL}
            loading={accountsLoading}
            // "All accounts" still works; the customer's own accounts say why they are missing.
            status={accountsFailed ? 'error' : undefined}
            popupRender={(menu) => (
              <>
                {menu}
                {accountsFailed && <div className="kobo-history-filter__failed">{accountsFailed}</div>}
              </>
            )}
            onChange={(value: string) => set({ accountNumber: value || undefined })}
            options={[
              { value: ALL, label: 'All accounts' },
              ...accounts.map((a) => ({ value: a.accountNumber, label: accountLabel(a) })),
            ]}
            popupMatchSelectWidth={false}
          />
        </div>
        <div className="kobo-history-filter kobo-history-filter--date">
          <span className="kobo-history-filter__label">From</span>
          <DatePicker
            aria-label="From"
            format={WIRE_DAY}
            placeholder="dd-mm-yyyy"
            value={start}
            disabledDate={(day) => day.isAfter(today) || (end ? day.isAfter(end, 'day') : false)}
            onChange={(day: Dayjs | null) => set({ startDate: day ? toWireDay(day) : undefined })}
          />
        </div>
        <div className="kobo-history-filter kobo-history-filter--date">
          <span className="kobo-history-filter__label">To</span>
          <DatePicker
            aria-label="To"
            format={WIRE_DAY}
            placeholder="dd-mm-yyyy"
            value={end}
            disabledDate={(day) => day.isAfter(today) || (start ? day.isBefore(start, 'day') : false)}
            onChange={(day: Dayjs | null) => set({ endDate: day ? toWireDay(day) : undefined })}
          />
        </div>
        <div className="kobo-history-filter kobo-history-filter--small">
          <span className="kobo-history-filter__label">Type</span>
          <Select
            aria-label="Transaction Type"
            value={query.transactionType ?? ALL}
            onChange={(value: string) => set({ transactionType: (value || undefined) as TransactionType | undefined })}
            options={TYPE_OPTIONS}
          />
        </div>
        <div className="kobo-history-filter kobo-history-filter--small">
          <span className="kobo-history-filter__label">Status</span>
          <Select
            aria-label="Status"
            value={query.status ?? ALL}
            onChange={(value: string) => set({ status: (value || undefined) as TransactionStatus | undefined })}
            options={STATUS_OPTIONS}
          />
        </div>
        <div className="kobo-history-filters__reset">
          <Button
            icon={<ReloadOutlined />}
            onClick={() => onChange({})}
            disabled={activeFilterCount(query) === 0}
            block
          >
            Clear filters
          </Button>
        </div>
      </div>
    </div>
  )
}
