/** The MSW help desk answers like the BFF: owners only, 10 MB per file, types decided by content. */
import { apiRequest } from '../../api/client'
import { personas } from '../../mocks/personas'
import { tokenFor } from '../../mocks/session'
import { resetMockTickets, NOT_ALLOWED, SAMPLE_PNG, TICKET_NOT_FOUND } from './mocks'
import { FILE_TOO_BIG } from './texts'
import type { Ticket, TicketCreated } from './types'

const token = (key: string) => tokenFor(personas.find((p) => p.key === key)!)
const ada = token('ada')
const tunde = token('tunde')

const create = (attachments: { name: string; document: string }[], who = ada) =>
  apiRequest<TicketCreated>('/api/tickets', { method: 'POST', token: who, body: { subject: 'Help', body: 'Please', attachments } })

beforeEach(resetMockTickets)

describe('ticket mocks', () => {
  it("refuses another customer's ticket and attachment with 404", async () => {
    const mine = await create([{ name: 'receipt.png', document: `data:image/png;base64,${SAMPLE_PNG}` }])
    const ticket = mine.data!.ticket
    const attachmentId = ticket.messages[0].attachments[0].id
    expect((await apiRequest<Ticket>(`/api/tickets/${ticket.id}`, { token: ada })).data?.subject).toBe('Help')

    const theirs = await apiRequest(`/api/tickets/${ticket.id}`, { token: tunde })
    expect(theirs.error).toMatchObject({ status: 404, detail: TICKET_NOT_FOUND })
    const file = await apiRequest(`/api/tickets/attachments/${attachmentId}/download`, { token: tunde })
    expect(file.error?.status).toBe(404)
    const reply = await apiRequest(`/api/tickets/${ticket.id}/messages`, { method: 'POST', token: tunde, body: { text: 'hi' } })
    expect(reply.error?.status).toBe(404)
    expect((await apiRequest(`/api/tickets/${ticket.id}`)).error?.status).toBe(401)
  })

  it('refuses a 10 MB + 1 byte file and a disguised executable', async () => {
    const big = btoa('%PDF-' + 'a'.repeat(10 * 1024 * 1024 + 1 - 5))
    expect((await create([{ name: 'big.pdf', document: `data:application/pdf;base64,${big}` }])).error).toMatchObject({
      status: 400,
      detail: FILE_TOO_BIG,
    })
    const exactly = btoa('%PDF-' + 'a'.repeat(10 * 1024 * 1024 - 5))
    expect((await create([{ name: 'ok.pdf', document: `data:application/pdf;base64,${exactly}` }])).data?.ticket.id).toBeGreaterThan(0)

    const exe = btoa('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode')
    expect((await create([{ name: 'invoice.pdf', document: `data:application/pdf;base64,${exe}` }])).error).toMatchObject({
      status: 400,
      detail: NOT_ALLOWED,
    })
  })
})
