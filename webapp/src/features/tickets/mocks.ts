/**
 * Mock routes for /api/tickets: each persona's own help desk (grouped by day, newest
 * first; another customer's ticket or attachment is 404). Ada starts with a few
 * conversations so `npm run dev:mock` has something to show.
 */
import { http, HttpResponse } from 'msw'
import { notFound, required, signedIn } from '../../mocks/session'
import { nextId, type Customer, type S } from '../../mocks/state'

export const TICKET_NOT_FOUND = 'Ticket not found'
/** A small receipt-like PNG and a one-page PDF, for the seeded conversations. */
export const SAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAcCAIAAACcd2qBAAAAPUlEQVR42mPgzvMfEMQwavGoxTSz+Nef3wOCRi0eeRZX9LTQCA1Wi0cT12jiGk1cIzVxDWWLRxPXqMVUQwAzU/x8CQQD3AAAAABJRU5ErkJggg=='
const SAMPLE_PDF = btoa('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

function store(c: Customer, ticketId: number, attachments: S['AttachmentIn'][] = []): S['AttachmentOut'][] {
  return attachments.map(({ name, document }) => {
    const id = nextId()
    c.files[id] = { ticketId, name, content: document }
    const contentType = /^data:([^;,]*)/.exec(document)?.[1] || 'application/octet-stream'
    return { id, name, url: `/api/tickets/attachments/${id}/download`, contentType, size: Math.floor(((document.split(',')[1] ?? '').length * 3) / 4) }
  })
}

const now = () => {
  const lagos = new Date(Date.now() + 3_600_000).toISOString()
  return `${lagos.slice(8, 10)}-${lagos.slice(5, 7)}-${lagos.slice(0, 4)} ${lagos.slice(11, 19)}`
}

function ticket(c: Customer, subject: string, createdAt: string, resolved: boolean, messages: [string, string, string, S['AttachmentIn']?][]): S['TicketOut'] {
  const id = c.tickets.length + 1
  const made = { id, subject, body: messages[0][1], resolved, createdAt, messages: messages.map(([sender, text, at, file]) => ({ id: nextId(), sender, text, createdAt: at, attachments: store(c, id, file && [file]) })) }
  c.tickets.push(made)
  return made
}

function ticketsOf(c: Customer, persona: string): S['TicketOut'][] {
  if (persona === 'ada' && !c.tickets.length) {
    ticket(c, 'Card not delivered', '14-11-2026 09:12:40', true, [
      ['CLIENT', 'I requested a debit card three weeks ago and it has not arrived.', '14-11-2026 09:12:40'],
      ['AGENT', 'Sorry about the wait. Your card was dispatched to your Ikeja branch; you can pick it up any weekday.', '14-11-2026 11:03:05'],
      ['CLIENT', 'Picked it up, thank you!', '15-11-2026 16:20:11'],
    ])
    ticket(c, 'Transfer to GTBank pending', '20-11-2026 08:45:02', false, [
      ['CLIENT', 'My transfer of ₦25,000 to GTBank has shown as pending since yesterday. Receipt attached.', '20-11-2026 08:45:02', { name: 'receipt.png', document: `data:image/png;base64,${SAMPLE_PNG}` }],
      ['AGENT', 'Thanks, Ada. We have asked the other bank to confirm. Here is the trace report.', '20-11-2026 10:02:44', { name: 'trace-report.pdf', document: `data:application/pdf;base64,${SAMPLE_PDF}` }],
    ])
    ticket(c, 'Statement for visa application', '20-11-2026 13:30:00', false, [['CLIENT', 'Please can you stamp my last six months statement for an embassy visa application?', '20-11-2026 13:30:00']])
  }
  return c.tickets
}

const sortKey = (at: string) => `${at.slice(6, 10)}${at.slice(3, 5)}${at.slice(0, 2)}${at.slice(11)}`
const find = (c: Customer, persona: string, id: unknown) => ticketsOf(c, persona).find((t) => t.id === Number(id))

export const ticketsHandlers = [
  http.get('/api/tickets', signedIn(({ c, persona }) => {
    const days: S['TicketDayOut'][] = []
    for (const t of [...ticketsOf(c, persona.key)].sort((a, b) => sortKey(b.createdAt).localeCompare(sortKey(a.createdAt)) || b.id - a.id)) {
      const date = t.createdAt.slice(0, 10)
      if (days.at(-1)?.date !== date) days.push({ date, tickets: [] })
      days.at(-1)!.tickets.push({ id: t.id, subject: t.subject, body: t.body, resolved: t.resolved, createdAt: t.createdAt })
    }
    return HttpResponse.json(days)
  })),

  http.post('/api/tickets', signedIn(({ c, persona, body }) => {
    if (!body.subject?.trim() || !body.body?.trim()) return required(...['subject', 'body'].filter((f) => !body[f]?.trim()))
    ticketsOf(c, persona.key)
    const made = ticket(c, body.subject.trim(), now(), false, [['CLIENT', body.body.trim(), now()]])
    made.messages[0].attachments = store(c, made.id, body.attachments)
    return HttpResponse.json({ message: 'Ticket created successfully', ticket: structuredClone(made) }, { status: 201 })
  })),

  http.get('/api/tickets/attachments/:id/download', signedIn(({ c, persona, params }) => {
    const file = c.files[Number(params.id)]
    if (!file || !find(c, persona.key, file.ticketId)) return notFound('Attachment')
    return HttpResponse.json({ name: file.name, content: file.content })
  })),

  http.get('/api/tickets/:id', signedIn(({ c, persona, params }) => {
    const t = find(c, persona.key, params.id)
    return t ? HttpResponse.json(structuredClone(t)) : notFound('Ticket')
  })),

  http.post('/api/tickets/:id/messages', signedIn(({ c, persona, params, body }) => {
    const t = find(c, persona.key, params.id)
    if (!t) return notFound('Ticket')
    if (!body.text?.trim()) return required('text')
    t.messages.push({ id: nextId(), sender: 'CLIENT', text: body.text.trim(), createdAt: now(), attachments: store(c, t.id, body.attachments) })
    return HttpResponse.json(structuredClone(t), { status: 201 })
  })),

  http.post('/api/tickets/:id/status', signedIn(({ c, persona, params, body }) => {
    const t = find(c, persona.key, params.id)
    if (!t) return notFound('Ticket')
    if (typeof body.resolved !== 'boolean') return required('resolved')
    t.resolved = body.resolved
    return HttpResponse.json({ message: 'Ticket status updated successfully' })
  })),
]
