/**
 * Route /scheduled-payment (docs/contract.md §10.1): a table
 * of Date, Amount, Status, Reference Number and Actions (Edit when pending,
 * otherwise View), with search, a status filter, paging (10/25/50), an add
 * button to /transfer, the 'Schedule Payment Details' modal, editing and the
 * approval code step. `?open=<uuid>` (from the dashboard) opens one's details.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Button, Card, Select, Typography } from 'antd'
import { ResponsiveTable } from '../../components/table/ResponsiveTable'
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '../../store/hooks'
import { AddFirstEmpty, LoadState } from '../../components/LoadState'
import { formatNaira } from '../../lib/format'
import { useSchedulesQuery } from '../../store/schedules/reads'
import { loadOf } from '../../api/koboApi'
import { ScheduleApprovalDialog } from '../../store/schedules/ScheduleApprovalDialog'
import { ScheduleDetailsModal } from './components/ScheduleDetailsModal'
import { EditScheduleModal } from './components/EditScheduleModal'
import { ScheduleStatusTag } from './components/ScheduleStatusTag'
import { detailsOpened, editOpened } from '../../store/schedules/schedulesSlice'
import { cadenceOf, dayKey, searchTextOf } from '../../store/schedules/schedule'
import { NO_RECORDS, SCHEDULED_HEADING, SCHEDULES_FAILED, SCHEDULE_FIRST_PAYMENT, STATUS_LABELS } from '../../store/schedules/texts'
import type { ScheduledPayment } from '../../store/schedules/types'
import { useTablePagination } from '../../components/table/pagination'
import { TableSearch } from '../../components/table/TableSearch'
import './schedules.css'

const STATUS_FILTERS = ['ALL', 'PENDING', 'COMPLETED', 'FAILED'] as const
type StatusFilter = (typeof STATUS_FILTERS)[number]

export function SchedulesPage() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const list = useSchedulesQuery()
  const items = useMemo(() => list.data ?? [], [list.data])
  const loaded = list.data !== undefined
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<StatusFilter>('ALL')
  const { pagination, firstPage } = useTablePagination()

  // Arriving from the dashboard with a payment in mind: show its details.
  // Once per payment: clearing the query is a navigation that completes later, and until it
  // does every re-render (the details arriving, for one) would open it again, in a loop.
  const toOpen = params.get('open')
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (!toOpen || !loaded || opened.current === toOpen) return
    opened.current = toOpen
    if (items.some((s) => s.uuid === toOpen)) dispatch(detailsOpened(toOpen))
    setParams({}, { replace: true })
  }, [toOpen, loaded, items, dispatch, setParams])

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return items.filter((p) => (status === 'ALL' || p.status === status) && (!needle || searchTextOf(p).includes(needle)))
  }, [items, search, status])


  return (
    <>
      <div className="kobo-page-head kobo-page-head--row">
        <div>
          <Typography.Title level={1}>{SCHEDULED_HEADING}</Typography.Title>
          <Typography.Text type="secondary">Payments set to go out later, once or on repeat</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/transfer')}>
          Schedule a Payment
        </Button>
      </div>
      <Card variant="borderless" className="kobo-schedule-card">
        <div className="kobo-table-toolbar kobo-schedule-toolbar">
          <div className="kobo-schedule-toolbar__filters">
            <TableSearch
              label="Search scheduled payments"
              value={search}
              onChange={(value) => {
                setSearch(value)
                firstPage()
              }}
            />
            <Select<StatusFilter>
              aria-label="Filter by status"
              value={status}
              onChange={(value) => {
                setStatus(value)
                firstPage()
              }}
              className="kobo-schedule-filter"
              options={STATUS_FILTERS.map((value) => ({
                value,
                label: value === 'ALL' ? 'All statuses' : STATUS_LABELS[value],
              }))}
            />
          </div>
          <Typography.Text type="secondary">
            {rows.length} {rows.length === 1 ? 'payment' : 'payments'}
          </Typography.Text>
        </div>
        <LoadState load={loadOf(list)} onRetry={() => void list.refetch()} failedTitle={SCHEDULES_FAILED} hasData={loaded}>
          <ResponsiveTable<ScheduledPayment>
            rowKey="uuid"
            dataSource={rows}
            // The table (with its headers) stays for the empty state; no payments at all gets the next step.
            locale={{
              emptyText:
                items.length === 0 ? <AddFirstEmpty description={NO_RECORDS} label={SCHEDULE_FIRST_PAYMENT} onClick={() => navigate('/transfer')} /> : NO_RECORDS,
            }}
            className="kobo-schedule-table"
            tableLayout="auto"
            rowClassName={(p) => `kobo-schedule-row kobo-schedule-row--${p.status.toLowerCase()}`}
            pagination={pagination}
            columns={[
              {
                title: 'Date',
                dataIndex: 'scheduleDate',
                key: 'scheduleDate',
                sorter: (a, b) => dayKey(a.scheduleDate) - dayKey(b.scheduleDate),
                render: (date: string, p) => (
                  <div className="kobo-schedule-cell">
                    <span className="kobo-schedule-cell__main kobo-tabular">{date}</span>
                    <span className="kobo-schedule-cell__sub">{cadenceOf(p)}</span>
                    <span className="kobo-schedule-cell__sub kobo-schedule-cell__phone kobo-tabular">{p.referenceNumber}</span>
                  </div>
                ),
              },
              {
                title: 'Amount',
                dataIndex: 'amount',
                key: 'amount',
                sorter: (a, b) => a.amount - b.amount,
                render: (amount: number, p) => (
                  <div className="kobo-schedule-cell">
                    <span className="kobo-schedule-cell__main kobo-schedule-amount">{formatNaira(amount)}</span>
                    <span className="kobo-schedule-cell__sub">To {p.destinationAccountName}</span>
                    <span className="kobo-schedule-cell__xs">
                      <ScheduleStatusTag status={p.status} />
                    </span>
                  </div>
                ),
              },
              {
                title: 'Status',
                dataIndex: 'status',
                key: 'status',
                // On a phone the status sits under the amount.
                responsive: ['sm'],
                render: (value: string, p) => (
                  <div className="kobo-schedule-cell">
                    <span>
                      <ScheduleStatusTag status={value} />
                    </span>
                    {value === 'PENDING' && !p.approved && <span className="kobo-schedule-cell__warn">Awaiting approval</span>}
                  </div>
                ),
              },
              {
                title: 'Reference Number',
                dataIndex: 'referenceNumber',
                key: 'referenceNumber',
                responsive: ['md'],
                render: (value: string) => <span className="kobo-tabular">{value}</span>,
              },
              {
                title: 'Actions',
                key: 'actions',
                align: 'right',
                render: (_, p) =>
                  p.status === 'PENDING' ? (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${p.referenceNumber}`}
                      onClick={() => dispatch(editOpened(p.uuid))}
                    >
                      <span className="kobo-schedule-action__text">Edit</span>
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="text"
                      icon={<EyeOutlined />}
                      aria-label={`View ${p.referenceNumber}`}
                      onClick={() => dispatch(detailsOpened(p.uuid))}
                    >
                      <span className="kobo-schedule-action__text">View</span>
                    </Button>
                  ),
              },
            ]}
          />
        </LoadState>
      </Card>
      <ScheduleDetailsModal />
      <EditScheduleModal />
      <ScheduleApprovalDialog />
    </>
  )
}
