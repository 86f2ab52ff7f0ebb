/**
 * Tickets grouped by the day they were opened, newest first, each with its
 * subject and a resolved or unresolved icon. Used full width on the list page
 * and as the left pane of a conversation.
 */
import { Empty, Tag } from 'antd'
import { Link } from 'react-router'
import { RightOutlined } from '@ant-design/icons'
import type { TicketDay } from '../types'
import { dayLabel, timeOf } from '../dates'
import { NO_RECORDS, RESOLVED, UNRESOLVED } from '../texts'
import { TicketStatusIcon } from './TicketStatusIcon'

interface Props {
  days: TicketDay[]
  activeId?: number | null
  /** The narrow left pane: no body preview, no status tag. */
  compact?: boolean
  emptyText?: string
  onSelect?: () => void
}

/** Loading and failure are the pages' LoadState; this is the loaded list (or no match). */
export function TicketList({ days, activeId, compact, emptyText = NO_RECORDS, onSelect }: Props) {
  if (days.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  return (
    <div className={`kobo-ticket-list${compact ? ' kobo-ticket-list--compact' : ''}`} data-testid="ticket-list">
      {days.map((day) => (
        <section key={day.date} className="kobo-ticket-day" aria-label={day.date}>
          <h2 className="kobo-ticket-day__title">
            <span>{dayLabel(day.date)}</span>
            {dayLabel(day.date) !== day.date && <span className="kobo-ticket-day__date">{day.date}</span>}
          </h2>
          <ul className="kobo-ticket-day__items">
            {day.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to={`/customer-service/${ticket.id}`}
                  className={`kobo-ticket-row${ticket.id === activeId ? ' kobo-ticket-row--active' : ''}`}
                  aria-current={ticket.id === activeId ? 'page' : undefined}
                  data-testid="ticket-row"
                  onClick={onSelect}
                >
                  <TicketStatusIcon resolved={ticket.resolved} />
                  <span className="kobo-ticket-row__main">
                    <span className="kobo-ticket-row__subject">{ticket.subject}</span>
                    {!compact && <span className="kobo-ticket-row__body">{ticket.body}</span>}
                  </span>
                  <span className="kobo-ticket-row__meta">
                    {!compact && (
                      <Tag color={ticket.resolved ? 'success' : 'warning'} variant="filled">
                        {ticket.resolved ? RESOLVED : UNRESOLVED}
                      </Tag>
                    )}
                    <span className="kobo-ticket-row__time">{timeOf(ticket.createdAt)}</span>
                  </span>
                  {!compact && <RightOutlined className="kobo-ticket-row__chevron" aria-hidden />}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
