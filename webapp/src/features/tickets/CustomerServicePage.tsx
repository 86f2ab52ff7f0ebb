/**
 * Route /customer-service (docs/contract.md §15.1): the customer's
 * tickets grouped by date with a resolved or unresolved icon, a search, the
 * Create Tickets action and breadcrumbs.
 */
import { useMemo, useState } from 'react'
import { Button, Card, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../store/hooks'
import { LoadState } from '../../components/LoadState'
import { createTicketOpened } from './ticketsSlice'
import { useTicketsQuery } from './reads'
import { loadOf } from '../../api/koboApi'
import type { TicketDay } from './types'
import { CreateTicketModal } from './components/CreateTicketModal'
import { DisputeList } from './components/DisputeList'
import { PageHead } from './components/PageHead'
import { TicketList } from './components/TicketList'
import { filterDays } from './search'
import { TicketSearch } from './components/TicketSearch'
import { CREATE_TICKETS, NO_RECORDS, TICKETS_FAILED, WRITE_TO_US } from './texts'
import './tickets.css'

const NO_DAYS: TicketDay[] = []

export function CustomerServicePage() {
  const dispatch = useAppDispatch()
  const read = useTicketsQuery()
  const days = read.data ?? NO_DAYS
  const [search, setSearch] = useState('')

  const shown = useMemo(() => filterDays(days, search), [days, search])
  const all = days.flatMap((d) => d.tickets)
  const open = all.filter((t) => !t.resolved).length
  const create = () => dispatch(createTicketOpened())

  return (
    <>
      <PageHead
        subtitle="Ask us anything and follow our answers here"
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {CREATE_TICKETS}
          </Button>
        }
      />
      <DisputeList />
      <Card variant="borderless" className="kobo-cs-card">
        <div className="kobo-cs-toolbar">
          <TicketSearch value={search} onChange={setSearch} className="kobo-cs-search" />
          <Typography.Text type="secondary" className="kobo-cs-counts">
            {all.length} {all.length === 1 ? 'ticket' : 'tickets'} · {open} unresolved
          </Typography.Text>
        </div>
        <LoadState
          load={loadOf(read)}
          onRetry={read.refetch}
          failedTitle={TICKETS_FAILED}
          hasData={read.data !== undefined}
          isEmpty={all.length === 0}
          empty={{
            description: NO_RECORDS,
            action: (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create}>
                {WRITE_TO_US}
              </Button>
            ),
          }}
        >
          <TicketList days={shown} />
        </LoadState>
      </Card>
      <CreateTicketModal />
    </>
  )
}
