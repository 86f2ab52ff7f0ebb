/** Wire types of the ticket calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type TicketSummary = Schemas['TicketSummaryOut']
export type TicketDay = Schemas['TicketDayOut']
export type Ticket = Schemas['TicketOut']
export type TicketMessage = Schemas['TicketMessageOut']
export type TicketAttachment = Schemas['AttachmentOut']
export type AttachmentUpload = Schemas['AttachmentIn']
export type CreateTicketRequest = Schemas['TicketIn']
export type TicketCreated = Schemas['TicketCreatedOut']
export type ReplyRequest = Schemas['MessageIn']
export type TicketStatusRequest = Schemas['StatusIn']
export type AttachmentContent = Schemas['AttachmentContentOut']

/** Who wrote a message: the customer is CLIENT, anyone else is customer service. */
export const CLIENT = 'CLIENT'

/**
 * A reply shown before the server has it (docs/contract.md §15.2: "a sent message appears
 * at once and is removed if sending fails"). Its id is negative until then.
 */
export interface ConversationMessage extends TicketMessage {
  pending?: boolean
}

/** A conversation as the screen shows it: the server's messages, then replies still on their way. */
export interface OpenTicket extends Omit<Ticket, 'messages'> {
  messages: ConversationMessage[]
}
