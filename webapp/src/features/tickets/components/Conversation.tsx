/**
 * The right pane of a ticket: its header with 'Mark as Done' or 'Mark as
 * Unresolved', the messages like a chat (the customer's on the right, customer
 * service's on the left), and the reply box.
 */
import { Fragment, useEffect, useRef } from 'react'
import { Button, Spin, Tag, Typography } from 'antd'
import { CheckOutlined, CustomerServiceOutlined, FileOutlined, PaperClipOutlined, RedoOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../../store/hooks'
import { useWrite } from '../../../api/useWrite'
import { previewOpened } from '../ticketsSlice'
import { ticketsApi } from '../reads'
import { AGENT_NAME, MARK_AS_DONE, MARK_AS_UNRESOLVED, RESOLVED, UNRESOLVED } from '../texts'
import { CLIENT, type ConversationMessage, type OpenTicket } from '../types'
import { dayLabel, shortDateTime, timeOf } from '../dates'
import { formatSize } from '../files'
import { ReplyBox } from './ReplyBox'

function Message({ message }: { message: ConversationMessage }) {
  const dispatch = useAppDispatch()
  const mine = message.sender === CLIENT
  return (
    <div
      className={`kobo-msg ${mine ? 'kobo-msg--mine' : 'kobo-msg--agent'}${message.pending ? ' kobo-msg--pending' : ''}`}
      data-testid="ticket-message"
      data-sender={message.sender}
    >
      {!mine && (
        <span className="kobo-msg__avatar" aria-hidden>
          <CustomerServiceOutlined />
        </span>
      )}
      <div className="kobo-msg__bubble">
        <div className="kobo-msg__who">{mine ? 'You' : AGENT_NAME}</div>
        <div className="kobo-msg__text">{message.text}</div>
        {message.attachments.length > 0 && (
          <ul className="kobo-msg__files" aria-label="Attachments">
            {message.attachments.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="kobo-msg__file"
                  disabled={message.pending}
                  onClick={() => dispatch(previewOpened({ id: a.id, name: a.name, contentType: a.contentType }))}
                  title={message.pending ? a.name : `Open ${a.name}`}
                >
                  {/^image\//.test(a.contentType) ? <PaperClipOutlined /> : <FileOutlined />}
                  <span className="kobo-msg__file-name">{a.name}</span>
                  <span className="kobo-msg__file-size">{formatSize(a.size)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="kobo-msg__time">
          {message.pending ? (
            <>
              <Spin size="small" /> Sending…
            </>
          ) : (
            timeOf(message.createdAt)
          )}
        </div>
      </div>
    </div>
  )
}

export function Conversation({ ticket }: { ticket: OpenTicket }) {
  const [changeStatus, statusUpdating] = useWrite(ticketsApi.endpoints.ticketStatus)
  const list = useRef<HTMLDivElement>(null)
  const count = ticket.messages.length

  // Keep the newest message in view as messages arrive (the pane scrolls, never the page).
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight
  }, [count, ticket.id])

  return (
    <section className="kobo-convo" aria-label="Conversation">
      <header className="kobo-convo__head">
        <div className="kobo-convo__title">
          <Typography.Title level={2} className="kobo-convo__subject">
            {ticket.subject}
          </Typography.Title>
          <div className="kobo-convo__meta">
            <Tag color={ticket.resolved ? 'success' : 'warning'} variant="filled" data-testid="ticket-status">
              {ticket.resolved ? RESOLVED : UNRESOLVED}
            </Tag>
            <Typography.Text type="secondary">
              Ticket #{ticket.id} · opened {shortDateTime(ticket.createdAt)}
            </Typography.Text>
          </div>
        </div>
        <Button
          type={ticket.resolved ? 'default' : 'primary'}
          icon={ticket.resolved ? <RedoOutlined /> : <CheckOutlined />}
          loading={statusUpdating}
          onClick={() => void changeStatus({ id: ticket.id, resolved: !ticket.resolved })}
          className="kobo-convo__status"
        >
          {ticket.resolved ? MARK_AS_UNRESOLVED : MARK_AS_DONE}
        </Button>
      </header>
      <div className="kobo-convo__messages" data-testid="conversation" ref={list}>
        {ticket.messages.map((message, i) => {
          const day = message.createdAt.slice(0, 10)
          const divider = i === 0 || ticket.messages[i - 1].createdAt.slice(0, 10) !== day
          return (
            <Fragment key={message.id}>
              {divider && (
                <div className="kobo-convo__day" role="separator">
                  <span>{dayLabel(day)}</span>
                </div>
              )}
              <Message message={message} />
            </Fragment>
          )
        })}
      </div>
      <ReplyBox ticketId={ticket.id} />
    </section>
  )
}
