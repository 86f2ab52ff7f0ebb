/** The mock help desk keeps each customer's tickets to that customer, as the BFF does. */
import { apiRequest } from '../../api/client'
import { personas } from '../../mocks/personas'
import { tokenFor } from '../../mocks/session'
import { SAMPLE_PNG, TICKET_NOT_FOUND } from './mocks'
import type { Ticket, TicketCreated } from './types'

const token = (key: string) => tokenFor(personas.find((p) => p.key === key)!)
const ada = token('ada')
const tunde = token('tunde')

describe('ticket mocks', () => {
  it("refuses another customer's ticket and attachment with 404", async () => {
    const mine = await apiRequest<TicketCreated>('/api/tickets', {
      method: 'POST',
      token: ada,
      body: { subject: 'Help', body: 'Please', attachments: [{ name: 'receipt.png', document: `data:image/png;base64,${SAMPLE_PNG}` }] },
    })
    const ticket = mine.data!.ticket
    const attachmentId = ticket.messages[0].attachments[0].id
    expect((await apiRequest<Ticket>(`/api/tickets/${ticket.id}`, { token: ada })).data?.subject).toBe('Help')

    const theirs = await apiRequest(`/api/tickets/${ticket.id}`, { token: tunde })
    expect(theirs.error).toMatchObject({ status: 404, detail: TICKET_NOT_FOUND })
    expect((await apiRequest(`/api/tickets/attachments/${attachmentId}/download`, { token: tunde })).error?.status).toBe(404)
    expect((await apiRequest(`/api/tickets/${ticket.id}/messages`, { method: 'POST', token: tunde, body: { text: 'hi' } })).error?.status).toBe(404)
    expect((await apiRequest(`/api/tickets/${ticket.id}`)).error?.status).toBe(401)
  })
})
