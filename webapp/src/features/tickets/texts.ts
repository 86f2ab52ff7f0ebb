import { TicketInLimits } from '../../api/limits'

/** Customer-facing texts of the customer-service pages, word for word from docs/contract.md §15 where it has them. */
export const CUSTOMER_SERVICE_HEADING = 'Customer Service'
export const CREATE_TICKETS = 'Create Tickets'
export const MARK_AS_DONE = 'Mark as Done'
export const MARK_AS_UNRESOLVED = 'Mark as Unresolved'
export const TICKET_CREATED = 'Ticket created successfully'
export const MESSAGE_SENT = 'Message sent successfully'
export const STATUS_UPDATED = 'Ticket status updated successfully'
export const TICKETS_ERROR = 'An error occurred while fetching tickets'
export const TICKET_DETAILS_ERROR = 'An error occurred while fetching ticket details'
export const CREATE_TICKET_ERROR = 'An error occurred while creating ticket'
export const SEND_MESSAGE_ERROR = 'An error occurred while sending message'
export const STATUS_ERROR = 'An error occurred while changing ticket status'
/** The contract's generic fetch default, used when an attachment cannot be downloaded. */
export const ATTACHMENT_ERROR = 'An error occurred while fetching data'
export const FILE_TOO_BIG = 'File size exceeds 10MB limit'
export const FORMAT_NOT_SUPPORTED = 'File format not supported'
export const NO_RECORDS = 'No records to display'
// Not from the contract: the failed and empty states of "errors are not empty data".
export const TICKETS_FAILED = "We couldn't load your tickets"
export const TICKET_FAILED = "We couldn't load this conversation"
export const WRITE_TO_US = 'Write to us'
export const RESOLVED = 'Resolved'
export const UNRESOLVED = 'Unresolved'
/** How the other party of a conversation is named. */
export const AGENT_NAME = 'Kobo Customer Service'

/** Attachment limit: 10 MB (10485760 bytes), docs/contract.md §15.3. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
/** The most files per ticket or message, as the BFF declares it (MAX_ATTACHMENTS). */
export const MAX_ATTACHMENTS = TicketInLimits.attachments.maxItems
/** Reply attachments (docs/contract.md §15.3): the picker's accept list. */
export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.txt,.odt,.png,.jpg,.jpeg'
