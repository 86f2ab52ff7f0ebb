/**
 * Route /customer-service/:ticketId (docs/contract.md §15.2): two
 * panes, the searchable ticket list on the left and the conversation on the
 * right. On phones the list folds into a panel above the conversation.
 */
import { useMemo, useState } from 'react'
import { Button, Card, Collapse, Result } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { Link, useParams } from 'react-router'
import { useAppDispatch } from '../../store/hooks'
import { LoadState } from '../../components/LoadState'
import { useIsMobile } from '../../lib/useIsMobile'
import { createTicketOpened } from './ticketsSlice'
import { useTicketQuery, useTicketsQuery } from './reads'
import { loadOf, type ReadError } from '../../api/koboApi'
import { loadSucceeded } from '../../lib/loadStatus'
import type { TicketDay } from './types'
import { AttachmentPreviewModal } from './components/AttachmentPreviewModal'
import { Conversation } from './components/Conversation'
import { CreateTicketModal } from './components/CreateTicketModal'
import { PageHead } from './components/PageHead'
import { TicketList } from './components/TicketList'
import { filterDays } from './search'
import { TicketSearch } from './components/TicketSearch'
import { CREATE_TICKETS, CUSTOMER_SERVICE_HEADING, TICKETS_FAILED, TICKET_FAILED } from './texts'
import './tickets.css'

const NO_DAYS: TicketDay[] = []

function TicketSearchList({ activeId, onSelect }: { activeId: number | null; onSelect?: () => void }) {
  const read = useTicketsQuery()
  const days = read.data ?? NO_DAYS
  const [search, setSearch] = useState('')
  const shown = useMemo(() => filterDays(days, search), [days, search])
  return (
    <>
      <TicketSearch value={search} onChange={setSearch} className="kobo-cs-pane__search" />
      <LoadState load={loadOf(read)} onRetry={read.refetch} failedTitle={TICKETS_FAILED} hasData={read.data !== undefined}>
        <TicketList days={shown} activeId={activeId} compact onSelect={onSelect} />
      </LoadState>
    </>
  )
}

export function TicketPage() {
  const dispatch = useAppDispatch()
  const isMobile = useIsMobile()
  const { ticketId } = useParams()
  const id = /^\d+$/.test(ticketId ?? '') ? Number(ticketId) : null
  // The conversation, read again now and then while it is open (reads.ts).
  const read = useTicketQuery(id)
  // The list is asked for here too: on phones its pane is folded away at first.
  const days = useTicketsQuery().data ?? NO_DAYS
  const [listOpen, setListOpen] = useState(false)

  // Only this ticket's conversation: another one's stays off screen while this one loads.
  const ticket = read.data && read.data.id === id ? read.data : null
  // The server says there is no such ticket for this customer (404): no Retry will help.
  const detailMissing = !ticket && read.isError && (read.error as ReadError | undefined)?.status === 404
  // Once shown, the conversation stays: a failed re-read (the poll) changes nothing on screen.
  const detail = ticket ? loadSucceeded() : loadOf(read)
  const count = days.reduce((n, d) => n + d.tickets.length, 0)

  let right
  // A missing ticket is final; any other failure is worth a Retry (below).
  if (id === null || detailMissing) {
    right = (
      <Result
        status="404"
        title="Ticket not found"
        subTitle="It may have been opened by someone else, or the link is wrong."
        extra={
          <Link to="/customer-service">
            <Button type="primary">Back to {CUSTOMER_SERVICE_HEADING}</Button>
          </Link>
        }
      />
    )
  } else {
    right = (
      <LoadState load={detail} onRetry={read.refetch} failedTitle={TICKET_FAILED} hasData={Boolean(ticket)} skeletonRows={6}>
        {() => ticket && <Conversation ticket={ticket} />}
      </LoadState>
    )
  }

  return (
    <>
      <PageHead
        current={ticket?.subject ?? (id === null ? '' : `Ticket #${id}`)}
        subtitle="Your conversation with Kobo customer service"
        actions={
          <Button icon={<PlusOutlined />} onClick={() => dispatch(createTicketOpened())}>
            {CREATE_TICKETS}
          </Button>
        }
      />
      <div className="kobo-cs-split">
        {isMobile ? (
          <Collapse
            className="kobo-cs-pane kobo-cs-pane--folded"
            activeKey={listOpen ? ['list'] : []}
            onChange={(keys) => setListOpen(keys.includes('list'))}
            items={[
              {
                key: 'list',
                label: `All tickets (${count})`,
                children: <TicketSearchList activeId={id} onSelect={() => setListOpen(false)} />,
              },
            ]}
          />
        ) : (
          <Card variant="borderless" className="kobo-cs-pane" aria-label="Tickets">
            <TicketSearchList activeId={id} />
          </Card>
        )}
        <Card variant="borderless" className="kobo-cs-main">
          {right}
        </Card>
      </div>
      <CreateTicketModal />
      <AttachmentPreviewModal />
    </>
  )
}
