import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
import type {
  AttachmentContent,
  CreateTicketRequest,
  ReplyRequest,
  Ticket,
  TicketCreated,
  TicketDay,
  TicketStatusRequest,
} from './types'

export const ticketsEndpoint = (): Endpoint<TicketDay[]> => ({ method: 'GET', path: '/api/tickets' })

export const ticketEndpoint = (id: number): Endpoint<Ticket> => ({ method: 'GET', path: `/api/tickets/${id}` })

export const createTicketEndpoint = (body: CreateTicketRequest): Endpoint<TicketCreated> => ({
  method: 'POST',
  path: '/api/tickets',
  body,
  // Up to five 10 MB files travel as base64: allow a slow line more time.
  timeoutMs: 120_000,
})

export const replyEndpoint = (id: number, body: ReplyRequest): Endpoint<Ticket> => ({
  method: 'POST',
  path: `/api/tickets/${id}/messages`,
  body,
  timeoutMs: 120_000,
})

export const ticketStatusEndpoint = (id: number, body: TicketStatusRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `/api/tickets/${id}/status`,
  body,
})

export const attachmentDownloadEndpoint = (id: number): Endpoint<AttachmentContent> => ({
  method: 'GET',
  path: `/api/tickets/attachments/${id}/download`,
  timeoutMs: 120_000,
})
