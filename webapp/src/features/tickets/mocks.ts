/**
 * MSW handlers for /api/tickets: an in-memory help desk per persona that
 * behaves like the BFF (tickets grouped by day, newest first; attachments
 * checked by content and size; another customer's ticket is 404). Ada starts
 * with a few conversations so `npm run dev:mock` has something to show.
 */
import { http, HttpResponse } from 'msw'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import type { Persona } from '../../mocks/personas'
import { onMockBankReset } from '../accounts/mockBank'
import { unauthorized } from '../accounts/mocks'
import type { MessageResponse } from '../../api/accountTypes'
import { lagosNow } from './ticketsSlice'
import { FILE_TOO_BIG, MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, STATUS_UPDATED, TICKET_CREATED } from './texts'
import type {
  AttachmentContent,
  AttachmentUpload,
  CreateTicketRequest,
  ReplyRequest,
  Ticket,
  TicketAttachment,
  TicketCreated,
  TicketDay,
  TicketStatusRequest,
} from './types'
import { CLIENT } from './types'

export const NOT_ALLOWED = 'This file type is not allowed'
export const TICKET_NOT_FOUND = 'Ticket not found'

interface StoredTicket extends Ticket {
  owner: string
}

interface StoredFile {
  ticketId: number
  name: string
  contentType: string
  /** base64 of the bytes */
  data: string
}

let tickets: StoredTicket[] = []
let files = new Map<number, StoredFile>()
let nextTicketId = 1
let nextMessageId = 1
let nextAttachmentId = 1
const seeded = new Set<string>()

export function resetMockTickets(): void {
  tickets = []
  files = new Map()
  nextTicketId = 1
  nextMessageId = 1
  nextAttachmentId = 1
  seeded.clear()
}
onMockBankReset(resetMockTickets)

/** A small receipt-like PNG and a one-page PDF, for the seeded conversations. */
export const SAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAcCAIAAACcd2qBAAAAPUlEQVR42mPgzvMfEMQwavGoxTSz+Nef3wOCRi0eeRZX9LTQCA1Wi0cT12jiGk1cIzVxDWWLRxPXqMVUQwAzU/x8CQQD3AAAAABJRU5ErkJggg=='
export const SAMPLE_PDF = btoa(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

// --- content checks, as the BFF makes them ---------------------------------------

const SIGNATURES: [string, string][] = [
  ['\x89PNG\r\n\x1a\n', 'image/png'],
  ['\xff\xd8\xff', 'image/jpeg'],
  ['%PDF-', 'application/pdf'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
]
const ZIP = 'PK\x03\x04'
const OLE2 = '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'
const IN_CONTAINER: Record<string, [string, string]> = {
  docx: [ZIP, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: [ZIP, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  odt: [ZIP, 'application/vnd.oasis.opendocument.text'],
  doc: [OLE2, 'application/msword'],
  xls: [OLE2, 'application/vnd.ms-excel'],
}
const ALLOWED = new Set([
  'image/png',
  'image/jpeg',
  'application/pdf',
  'text/plain',
  ...Object.values(IN_CONTAINER).map(([, type]) => type),
])

function sniff(binary: string, name: string): string | null {
  for (const [signature, type] of SIGNATURES) if (binary.startsWith(signature)) return type
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''
  const container = IN_CONTAINER[extension]
  if (container && binary.startsWith(container[0])) return container[1]
  if (extension === 'txt' && !binary.includes('\x00')) return 'text/plain'
  return null
}

type Checked = { files: StoredFile[] } | { refusal: Response }

function checkFiles(attachments: AttachmentUpload[] | undefined, ticketId: number): Checked {
  const list = attachments ?? []
  if (list.length > MAX_ATTACHMENTS) return { refusal: problem(400, `Attach at most ${MAX_ATTACHMENTS} files`, 'Bad Request') }
  const checked: StoredFile[] = []
  for (const attachment of list) {
    const match = /^data:[^,]*;base64,(.*)$/s.exec(attachment.document ?? '')
    if (!match) return { refusal: problem(400, 'The file could not be read. Please choose it again.', 'Bad Request') }
    const data = match[1]
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
    if ((data.length / 4) * 3 - padding > MAX_ATTACHMENT_BYTES) return { refusal: problem(400, FILE_TOO_BIG, 'Bad Request') }
    let binary: string
    try {
      binary = atob(data)
    } catch {
      return { refusal: problem(400, 'The file could not be read. Please choose it again.', 'Bad Request') }
    }
    if (!binary) return { refusal: problem(400, 'The file is empty.', 'Bad Request') }
    const contentType = sniff(binary, attachment.name)
    if (!contentType || !ALLOWED.has(contentType)) return { refusal: problem(400, NOT_ALLOWED, 'Bad Request') }
    checked.push({ ticketId, name: attachment.name.trim() || 'attachment', contentType, data })
  }
  return { files: checked }
}

function store(stored: StoredFile[]): TicketAttachment[] {
  return stored.map((file) => {
    const id = nextAttachmentId++
    files.set(id, file)
    return {
      id,
      name: file.name,
      url: `/api/tickets/attachments/${id}/download`,
      contentType: file.contentType,
      size: atob(file.data).length,
    }
  })
}

// --- the help desk ----------------------------------------------------------------

function seed(persona: Persona) {
  if (seeded.has(persona.key)) return
  seeded.add(persona.key)
  if (persona.key !== 'ada') return
  const add = (subject: string, createdAt: string, resolved: boolean, messages: [string, string, string, StoredFile[]?][]) => {
    const id = nextTicketId++
    tickets.push({
      id,
      owner: persona.key,
      subject,
      body: messages[0][1],
      resolved,
      createdAt,
      messages: messages.map(([sender, text, at, attached]) => ({
        id: nextMessageId++,
        sender,
        text,
        createdAt: at,
        attachments: store((attached ?? []).map((f) => ({ ...f, ticketId: id }))),
      })),
    })
  }
  add('Card not delivered', '14-11-2026 09:12:40', true, [
    [CLIENT, 'I requested a debit card three weeks ago and it has not arrived.', '14-11-2026 09:12:40'],
    ['AGENT', 'Sorry about the wait. Your card was dispatched to your Ikeja branch; you can pick it up any weekday.', '14-11-2026 11:03:05'],
    [CLIENT, 'Picked it up, thank you!', '15-11-2026 16:20:11'],
  ])
  add('Transfer to GTBank pending', '20-11-2026 08:45:02', false, [
    [
      CLIENT,
      'My transfer of ₦25,000 to GTBank has shown as pending since yesterday. Receipt attached.',
      '20-11-2026 08:45:02',
      [{ ticketId: 0, name: 'receipt.png', contentType: 'image/png', data: SAMPLE_PNG }],
    ],
    [
      'AGENT',
      'Thanks, Ada. We have asked the other bank to confirm. Here is the trace report.',
      '20-11-2026 10:02:44',
      [{ ticketId: 0, name: 'trace-report.pdf', contentType: 'application/pdf', data: SAMPLE_PDF }],
    ],
  ])
  add('Statement for visa application', '20-11-2026 13:30:00', false, [
    [CLIENT, 'Please can you stamp my last six months statement for an embassy visa application?', '20-11-2026 13:30:00'],
  ])
}

function mine(persona: Persona): StoredTicket[] {
  seed(persona)
  return tickets.filter((t) => t.owner === persona.key)
}

/** "dd-mm-yyyy hh:mm:ss" → a sortable "yyyymmddhhmmss". */
const sortKey = (at: string) => `${at.slice(6, 10)}${at.slice(3, 5)}${at.slice(0, 2)}${at.slice(11)}`

function grouped(persona: Persona): TicketDay[] {
  const days = new Map<string, TicketDay>()
  for (const ticket of [...mine(persona)].sort((a, b) => sortKey(b.createdAt).localeCompare(sortKey(a.createdAt)) || b.id - a.id)) {
    const date = ticket.createdAt.slice(0, 10)
    if (!days.has(date)) days.set(date, { date, tickets: [] })
    const { id, subject, body, resolved, createdAt } = ticket
    days.get(date)!.tickets.push({ id, subject, body, resolved, createdAt })
  }
  return [...days.values()]
}

const publicTicket = ({ owner: _owner, ...ticket }: StoredTicket): Ticket => structuredClone(ticket)

function find(persona: Persona, id: number): StoredTicket | undefined {
  return mine(persona).find((t) => t.id === id)
}

const required = (fields: string[]) => fieldErrors(fields.map((field) => ({ field, message: 'This field is required' })))

export const ticketsHandlers = [
  http.get('/api/tickets', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<TicketDay[]>(grouped(persona))
  }),

  http.post('/api/tickets', async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as CreateTicketRequest
    const subject = (body.subject ?? '').trim()
    const text = (body.body ?? '').trim()
    const missing = [...(subject ? [] : ['subject']), ...(text ? [] : ['body'])]
    if (missing.length) return required(missing)
    mine(persona)
    const id = nextTicketId
    const checked = checkFiles(body.attachments, id)
    if ('refusal' in checked) return checked.refusal
    nextTicketId++
    const createdAt = lagosNow()
    const ticket: StoredTicket = {
      id,
      owner: persona.key,
      subject,
      body: text,
      resolved: false,
      createdAt,
      messages: [{ id: nextMessageId++, sender: CLIENT, text, createdAt, attachments: store(checked.files) }],
    }
    tickets.push(ticket)
    return HttpResponse.json<TicketCreated>({ message: TICKET_CREATED, ticket: publicTicket(ticket) }, { status: 201 })
  }),

  http.get('/api/tickets/attachments/:id/download', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const file = files.get(Number(params.id))
    if (!file || !find(persona, file.ticketId)) return problem(404, 'Attachment not found', 'Not Found')
    return HttpResponse.json<AttachmentContent>({ name: file.name, content: `data:${file.contentType};base64,${file.data}` })
  }),

  http.get('/api/tickets/:id', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const ticket = find(persona, Number(params.id))
    return ticket ? HttpResponse.json<Ticket>(publicTicket(ticket)) : problem(404, TICKET_NOT_FOUND, 'Not Found')
  }),

  http.post('/api/tickets/:id/messages', async ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const ticket = find(persona, Number(params.id))
    if (!ticket) return problem(404, TICKET_NOT_FOUND, 'Not Found')
    const body = (await request.json()) as ReplyRequest
    const text = (body.text ?? '').trim()
    if (!text) return required(['text'])
    const checked = checkFiles(body.attachments, ticket.id)
    if ('refusal' in checked) return checked.refusal
    ticket.messages.push({ id: nextMessageId++, sender: CLIENT, text, createdAt: lagosNow(), attachments: store(checked.files) })
    return HttpResponse.json<Ticket>(publicTicket(ticket), { status: 201 })
  }),

  http.post('/api/tickets/:id/status', async ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const ticket = find(persona, Number(params.id))
    if (!ticket) return problem(404, TICKET_NOT_FOUND, 'Not Found')
    const body = (await request.json()) as TicketStatusRequest
    if (typeof body.resolved !== 'boolean') return required(['resolved'])
    ticket.resolved = body.resolved
    return HttpResponse.json<MessageResponse>({ message: STATUS_UPDATED })
  }),
]
