/**
 * Customer service's screen state: whether Create Tickets is open, the text of a reply that
 * could not be sent, and the attachment preview. The list and the open conversation are
 * reads, a new ticket, a reply and the resolved flag mutations (reads.ts).
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit'
import type { AttachmentUpload, ConversationMessage, TicketAttachment } from './types'
import { CLIENT } from './types'

/** The attachment open in the preview; its file is a read (reads.ts, `useAttachmentQuery`). */
export interface AttachmentPreview {
  attachment: Pick<TicketAttachment, 'id' | 'name' | 'contentType'>
}

export interface TicketsState {
  createOpen: boolean
  /** A reply that could not be sent, to put back in the reply box. */
  failedDraft: { ticketId: number; text: string; key: string } | null
  preview: AttachmentPreview | null
}

const initialState: TicketsState = {
  createOpen: false,
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

/** The reply as the conversation shows it until the server has it (negative ids). */
export function pendingReply({ text, attachments, tempId, createdAt }: ReplyPayload): ConversationMessage {
  return {
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
  }
}

const ticketsSlice = createSlice({
  name: 'tickets',
  initialState,
  reducers: {
    createTicketOpened(state) {
      state.createOpen = true
    },
    createTicketClosed(state) {
      state.createOpen = false
    },

    /** The reply is taken out of the conversation (the `reply` mutation); its text goes back in the box. */
    replyFailed(state, action: PayloadAction<{ ticketId: number; text: string }>) {
      const { ticketId, text } = action.payload
      state.failedDraft = { ticketId, text, key: nanoid() }
    },
    failedDraftRestored(state) {
      state.failedDraft = null
    },

    previewOpened(state, action: PayloadAction<AttachmentPreview['attachment']>) {
      state.preview = { attachment: action.payload }
    },
    previewClosed(state) {
      state.preview = null
    },
  },
})

/** A reply to send, with the id and time it shows under until the server has it (the `reply`
 * mutation, reads.ts). */
export const replyOf = (asked: Omit<ReplyPayload, 'tempId' | 'createdAt'>): ReplyPayload => ({
  ...asked,
  tempId: nextTempId--,
  createdAt: lagosNow(),
})

export const {
  createTicketOpened,
  createTicketClosed,
  replyFailed,
  failedDraftRestored,
  previewOpened,
  previewClosed,
} = ticketsSlice.actions
export const ticketsReducer = ticketsSlice.reducer
export const selectTickets = (state: { tickets: TicketsState }) => state.tickets
