/**
 * Customer-service tickets: the list grouped by day, the open conversation
 * (with replies shown before the server has them), Create Tickets, the
 * resolved toggle and the attachment preview.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit'
import type {
  AttachmentUpload,
  ConversationMessage,
  CreateTicketRequest,
  Ticket,
  TicketAttachment,
} from './types'
import { CLIENT } from './types'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'

export interface OpenTicket extends Omit<Ticket, 'messages'> {
  messages: ConversationMessage[]
}

export interface AttachmentPreview {
  attachment: Pick<TicketAttachment, 'id' | 'name' | 'contentType'>
  loading: boolean
  failed: boolean
  /** The file as a data URL once downloaded. */
  content: string | null
}

export interface TicketsState {
  /** The conversation on screen (route /customer-service/:ticketId). */
  currentId: number | null
  current: OpenTicket | null
  /** The read of the open conversation (its silent re-reads leave it alone). */
  detail: Load
  /** The server says there is no such ticket for this customer (404): no Retry will help. */
  detailMissing: boolean
  /** Goes up whenever the server's answer to a reply or a status change lands: older reads are stale. */
  revision: number
  createOpen: boolean
  creating: boolean
  statusUpdating: boolean
  /** A reply that could not be sent, to put back in the reply box. */
  failedDraft: { ticketId: number; text: string; key: string } | null
  preview: AttachmentPreview | null
}

const initialState: TicketsState = {
  currentId: null,
  current: null,
  detail: idleLoad,
  detailMissing: false,
  revision: 0,
  createOpen: false,
  creating: false,
  statusUpdating: false,
  failedDraft: null,
  preview: null,
}

export interface ReplyPayload {
  ticketId: number
  text: string
  attachments: (AttachmentUpload & { contentType: string; size: number })[]
  /** The optimistic message's id (negative) and time. */
  tempId: number
  createdAt: string
}

let nextTempId = -1

const pad = (n: number) => String(n).padStart(2, '0')

/** Now as the wire shows it (dd-mm-yyyy hh:mm:ss, Lagos time is UTC+01:00 all year). */
export function lagosNow(now = new Date()): string {
  const lagos = new Date(now.getTime() + 60 * 60 * 1000)
  return `${pad(lagos.getUTCDate())}-${pad(lagos.getUTCMonth() + 1)}-${lagos.getUTCFullYear()} ${pad(
    lagos.getUTCHours(),
  )}:${pad(lagos.getUTCMinutes())}:${pad(lagos.getUTCSeconds())}`
}

const pendingOf = (ticket: OpenTicket | null) => ticket?.messages.filter((m) => m.pending) ?? []

const ticketsSlice = createSlice({
  name: 'tickets',
  initialState,
  reducers: {
    ticketRequested(state, action: PayloadAction<{ id: number; silent?: boolean }>) {
      const { id, silent } = action.payload
      if (state.currentId !== id) {
        state.currentId = id
        state.current = null
      }
      if (!silent) {
        state.detail = loadStarted()
        state.detailMissing = false
      }
    },
    ticketLoaded(state, action: PayloadAction<Ticket>) {
      if (action.payload.id !== state.currentId) return
      state.detail = loadSucceeded()
      // Replies still on their way stay at the end of the conversation.
      state.current = { ...action.payload, messages: [...action.payload.messages, ...pendingOf(state.current)] }
    },
    ticketFailed(state, action: PayloadAction<{ id: number; reason: string; missing: boolean }>) {
      if (action.payload.id !== state.currentId) return
      state.detail = loadFailed(action.payload.reason)
      state.detailMissing = action.payload.missing
    },
    ticketWatchStarted(_state, _action: PayloadAction<{ id: number }>) {},
    ticketWatchStopped() {},
    ticketClosed(state) {
      state.currentId = null
      state.current = null
      state.detail = idleLoad
      state.detailMissing = false
    },

    createTicketOpened(state) {
      state.createOpen = true
    },
    createTicketClosed(state) {
      if (!state.creating) state.createOpen = false
    },
    createTicketRequested(state, _action: PayloadAction<CreateTicketRequest>) {
      state.creating = true
    },
    createTicketSucceeded(state, _action: PayloadAction<Ticket>) {
      state.creating = false
      state.createOpen = false
    },
    createTicketFailed(state) {
      state.creating = false
    },

    replyRequested: {
      reducer(state, action: PayloadAction<ReplyPayload>) {
        const { ticketId, text, attachments, tempId, createdAt } = action.payload
        if (state.current?.id !== ticketId) return
        state.current.messages.push({
          id: tempId,
          text,
          sender: CLIENT,
          createdAt,
          pending: true,
          attachments: attachments.map((a, i) => ({
            id: tempId * 100 - i,
            name: a.name,
            url: '',
            contentType: a.contentType,
            size: a.size,
          })),
        })
      },
      prepare(payload: Omit<ReplyPayload, 'tempId' | 'createdAt'>) {
        return { payload: { ...payload, tempId: nextTempId--, createdAt: lagosNow() } }
      },
    },
    replySucceeded(state, action: PayloadAction<{ tempId: number; ticket: Ticket }>) {
      const { tempId, ticket } = action.payload
      state.revision += 1
      if (state.current?.id !== ticket.id) return
      const stillPending = pendingOf(state.current).filter((m) => m.id !== tempId)
      state.current = { ...ticket, messages: [...ticket.messages, ...stillPending] }
    },
    replyFailed(state, action: PayloadAction<{ ticketId: number; tempId: number; text: string }>) {
      const { ticketId, tempId, text } = action.payload
      if (state.current?.id === ticketId) {
        state.current.messages = state.current.messages.filter((m) => m.id !== tempId)
      }
      state.failedDraft = { ticketId, text, key: nanoid() }
    },
    failedDraftRestored(state) {
      state.failedDraft = null
    },

    statusRequested(state, _action: PayloadAction<{ id: number; resolved: boolean }>) {
      state.statusUpdating = true
    },
    statusSucceeded(state, action: PayloadAction<{ id: number; resolved: boolean }>) {
      const { id, resolved } = action.payload
      state.statusUpdating = false
      state.revision += 1
      if (state.current?.id === id) state.current.resolved = resolved
    },
    statusFailed(state) {
      state.statusUpdating = false
    },

    previewOpened(state, action: PayloadAction<AttachmentPreview['attachment']>) {
      state.preview = { attachment: action.payload, loading: true, failed: false, content: null }
    },
    previewLoaded(state, action: PayloadAction<{ id: number; content: string }>) {
      if (state.preview?.attachment.id !== action.payload.id) return
      state.preview.loading = false
      state.preview.content = action.payload.content
    },
    previewFailed(state, action: PayloadAction<{ id: number }>) {
      if (state.preview?.attachment.id !== action.payload.id) return
      state.preview.loading = false
      state.preview.failed = true
    },
    previewClosed(state) {
      state.preview = null
    },
  },
})

export const {
  ticketRequested,
  ticketLoaded,
  ticketFailed,
  ticketWatchStarted,
  ticketWatchStopped,
  ticketClosed,
  createTicketOpened,
  createTicketClosed,
  createTicketRequested,
  createTicketSucceeded,
  createTicketFailed,
  replyRequested,
  replySucceeded,
  replyFailed,
  failedDraftRestored,
  statusRequested,
  statusSucceeded,
  statusFailed,
  previewOpened,
  previewLoaded,
  previewFailed,
  previewClosed,
} = ticketsSlice.actions
export const ticketsReducer = ticketsSlice.reducer
export const selectTickets = (state: { tickets: TicketsState }) => state.tickets
