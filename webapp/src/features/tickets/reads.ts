/** Customer service through RTK Query (api/koboApi.ts): the ticket list, the reported
 * problems and the open conversation, which is read again every `ticketPolling.intervalMs`
 * while it is on screen; and the writes: a new ticket, a reply and the resolved flag. A reply
 * shows in the conversation at once (the `reply` mutation writes it into the read, then the
 * server's answer). */
import { useEffect } from 'react'
import { koboApi, onceDone, toastOutcome, toastsOutcome } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import type { MessageResponse } from '../../api/accountTypes'
import { attachmentDownloadEndpoint, createTicketEndpoint, replyEndpoint, ticketEndpoint, ticketStatusEndpoint, ticketsEndpoint } from './api'
import {
  ATTACHMENT_ERROR,
  CREATE_TICKET_ERROR,
  MESSAGE_SENT,
  SEND_MESSAGE_ERROR,
  STATUS_ERROR,
  STATUS_UPDATED,
  TICKETS_ERROR,
  TICKET_CREATED,
  TICKET_DETAILS_ERROR,
} from './texts'
import { pendingReply, replyFailed, type ReplyPayload } from './ticketsSlice'
import type { AttachmentContent, CreateTicketRequest, OpenTicket, Ticket, TicketCreated, TicketDay } from './types'
import { disputesEndpoint, type Dispute } from '../../components/disputes/api'
import { DISPUTES_FAILED } from '../../components/disputes/texts'

export const ticketsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    tickets: build.query<TicketDay[], void>({
      query: ticketsEndpoint,
      extraOptions: { fallback: TICKETS_ERROR },
      providesTags: ['Tickets'],
    }),
    /** One conversation. A re-read of a conversation already on screen (the poll, a refresh
     * after a reply) that fails keeps the conversation on screen. */
    ticket: build.query<OpenTicket, number>({
      query: ticketEndpoint,
      extraOptions: { fallback: TICKET_DETAILS_ERROR },
      // Replies still on their way stay at the end of the conversation whatever the server says.
      merge(shown, answer) {
        return { ...answer, messages: [...answer.messages, ...shown.messages.filter((m) => m.pending)] }
      },
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(ticketResolvedInList(id, data.resolved))
        } catch {
          // The screen shows the failure.
        }
      },
      providesTags: (_result, _error, id) => [{ type: 'Ticket', id }],
    }),
    /** An attachment's file (a data URL), for the preview. */
    attachment: build.query<AttachmentContent, number>({
      query: attachmentDownloadEndpoint,
      extraOptions: { fallback: ATTACHMENT_ERROR },
    }),
    disputes: build.query<Dispute[], void>({
      query: () => disputesEndpoint(),
      extraOptions: { fallback: DISPUTES_FAILED },
      providesTags: ['Disputes'],
    }),

    createTicket: build.mutation<TicketCreated, CreateTicketRequest>({
      query: createTicketEndpoint,
      invalidatesTags: onceDone('Tickets'),
      onQueryStarted: toastsOutcome(CREATE_TICKET_ERROR, TICKET_CREATED),
    }),
    /** Shows the reply at once, sends it, then shows the server's conversation; or takes the
     * reply out again and gives its text back to the reply box (`replyFailed`). */
    reply: build.mutation<Ticket, ReplyPayload>({
      query: ({ ticketId, text, attachments }) =>
        replyEndpoint(ticketId, { text, attachments: attachments.map(({ name, document }) => ({ name, document })) }),
      // A re-read that crossed the reply is older than its answer: read again once it has landed.
      invalidatesTags: (answer, _error, { ticketId }) => (answer ? [{ type: 'Ticket', id: ticketId }] : []),
      async onQueryStarted(asked, lifecycle) {
        const { ticketId, text, tempId } = asked
        const { dispatch } = lifecycle
        dispatch(
          ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => {
            shown.messages.push(pendingReply(asked))
          }),
        )
        // The contract's success message (docs/contract.md §15.5); the reply already shows in the conversation.
        const answer = await toastOutcome(lifecycle, SEND_MESSAGE_ERROR, MESSAGE_SENT)
        if (!answer) {
          dispatch(
            ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => {
              shown.messages = shown.messages.filter((m) => m.id !== tempId)
            }),
          )
          dispatch(replyFailed({ ticketId, text }))
          return
        }
        dispatch(
          ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => ({
            ...answer,
            messages: [...answer.messages, ...shown.messages.filter((m) => m.pending && m.id !== tempId)],
          })),
        )
      },
    }),
    ticketStatus: build.mutation<MessageResponse, { id: number; resolved: boolean }>({
      query: ({ id, resolved }) => ticketStatusEndpoint(id, { resolved }),
      // As after a reply: a re-read that crossed the change is older than it.
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Ticket', id }] : []),
      async onQueryStarted({ id, resolved }, lifecycle) {
        if (!(await toastOutcome(lifecycle, STATUS_ERROR, (answer) => answer.message || STATUS_UPDATED))) return
        lifecycle.dispatch(
          ticketsApi.util.updateQueryData('ticket', id, (shown) => {
            shown.resolved = resolved
          }),
        )
        lifecycle.dispatch(ticketResolvedInList(id, resolved))
      },
    }),
  }),
})

export const useDisputesQuery = () => useRead(ticketsApi.endpoints.disputes, undefined)
/** The file of the attachment being previewed (none while the preview is closed). */
export const useAttachmentQuery = (id: number | undefined) =>
  useRead(ticketsApi.endpoints.attachment, id ?? 0, { skip: id === undefined, reuseAnswerS: Infinity })
export const useTicketsQuery = () => useRead(ticketsApi.endpoints.tickets, undefined)

/** How often an open conversation looks for customer service's answers. Tests shorten it. */
export const ticketPolling = { intervalMs: 10_000 }

/** The conversation on screen (none for an id that is not a number), read again now and then
 * while the tab is visible, so answers appear without a reload. */
export function useTicketQuery(id: number | null) {
  const read = useRead(ticketsApi.endpoints.ticket, id ?? 0, { skip: id === null })
  const { refetch } = read
  useEffect(() => {
    if (id === null) return
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') refetch()
    }, ticketPolling.intervalMs)
    return () => clearInterval(timer)
  }, [id, refetch])
  return read
}

/** A ticket's resolved flag as the list shows it, changed in place (a status change, or the
 * conversation's newer answer). */
export const ticketResolvedInList = (id: number, resolved: boolean) =>
  ticketsApi.util.updateQueryData('tickets', undefined, (days) => {
    for (const day of days) for (const t of day.tickets) if (t.id === id) t.resolved = resolved
  })
