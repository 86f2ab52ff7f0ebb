/**
 * /customer-service and /customer-service/:ticketId against the MSW help desk:
 * the grouped list with icons and search, Create Tickets with attachments and
 * the 10 MB limit, the conversation by sender, optimistic replies, Mark as
 * Done / Unresolved, the attachment viewer and the contract's fallbacks.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, dialogClosed, setUpMoneyTests } from '../transfers/testUtils'
import {
  CREATE_TICKET_ERROR,
  FILE_TOO_BIG,
  FORMAT_NOT_SUPPORTED,
  SEND_MESSAGE_ERROR,
  STATUS_ERROR,
  STATUS_UPDATED,
  CREATE_TICKETS,
  NO_RECORDS,
  TICKETS_ERROR,
  TICKETS_FAILED,
  TICKET_CREATED,
  TICKET_DETAILS_ERROR,
  TICKET_FAILED,
  WRITE_TO_US,
} from './texts'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { SAMPLE_PNG } from './mocks'
import { storedZip } from './testZip'
import { ticketPolling } from './reads'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const button = (text: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: text })

const rows = () => screen.queryAllByTestId('ticket-row')
const messages = () => screen.queryAllByTestId('ticket-message')

function renderAt(route: string) {
  return renderWithProviders({ route, preloadedState: signedInState('ada') })
}

const pngFile = (name = 'receipt.png') =>
  new File([Uint8Array.from(atob(SAMPLE_PNG), (c) => c.charCodeAt(0))], name, { type: 'image/png' })

/** A poll fast enough for a test, slow enough that a loaded machine still has time to render
 * between two reads (at 50 ms the reads starved a navigation under load: runs A and B,
 * session 22). */
const FAST_POLL_MS = 250

afterEach(() => {
  ticketPolling.intervalMs = 10_000
})

beforeEach(() => {
  // The PDF viewer makes an object URL (setup.ts stands in for jsdom's missing ones).
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview')
})

describe('Customer service list', () => {
  it('groups tickets by date with resolved and unresolved icons, breadcrumbs and search', async () => {
    const { user } = renderAt('/customer-service')
    expect(await screen.findByRole('heading', { name: 'Customer Service', level: 1 })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Home/ })).toHaveAttribute('href', '/home')
    await waitFor(() => expect(rows()).toHaveLength(3))

    // Newest day first, and within a day newest first.
    const days = screen.getAllByRole('region').filter((el) => el.classList.contains('kobo-ticket-day'))
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual(['20-11-2026', '14-11-2026'])
    expect(within(days[0]).getAllByTestId('ticket-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Statement for visa application'),
      expect.stringContaining('Transfer to GTBank pending'),
    ])
    expect(within(days[0]).getByText('Friday, 20 November 2026')).toBeInTheDocument()
    expect(within(days[1]).getByRole('img', { name: 'Resolved' })).toBeInTheDocument()
    expect(within(days[0]).getAllByRole('img', { name: 'Unresolved' })).toHaveLength(2)

    await user.type(screen.getByLabelText('Search tickets'), 'gtbank')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Transfer to GTBank pending')
    await user.clear(screen.getByLabelText('Search tickets'))
    await user.type(screen.getByLabelText('Search tickets'), '14-11-2026')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Card not delivered')
    await user.clear(screen.getByLabelText('Search tickets'))
    await user.type(screen.getByLabelText('Search tickets'), 'nothing like this')
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
  })

  it('shows "No records to display" for a customer without tickets', async () => {
    renderWithProviders({ route: '/customer-service', preloadedState: signedInState('tunde') })
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
  })

  it('uses the fetch fallback when the list cannot be read', async () => {
    server.use(http.get('/api/tickets', () => new HttpResponse(null, { status: 500 })))
    renderAt('/customer-service')
    await expectFailure(TICKETS_ERROR)
    expect(TICKETS_ERROR).toBe('An error occurred while fetching tickets')
  })

  it('a 500 shows the reason and a Retry, not "No records to display"; Retry loads the list', async () => {
    failWithProblem('/api/tickets', 'The help desk is unavailable')
    const { user } = renderAt('/customer-service')
    const retry = await expectFailure('The help desk is unavailable')
    expect(screen.getByText(TICKETS_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure says so, and Retry loads the list', async () => {
    failWithNetworkError('/api/tickets')
    const { user } = renderAt('/customer-service')
    const retry = await expectFailure(NETWORK_FAILURE)
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(rows()).toHaveLength(3))
  })

  it('a customer without tickets is offered to write to us', async () => {
    const { user } = renderWithProviders({ route: '/customer-service', preloadedState: signedInState('tunde') })
    // The reported problems beside it are empty too: the tickets' empty state is the one that offers to write.
    const empty = await waitFor(() => {
      const found = screen.getAllByTestId('load-empty').find((e) => e.textContent?.includes(NO_RECORDS))
      expect(found).toBeDefined()
      return found as HTMLElement
    })
    expect(empty).toHaveTextContent(NO_RECORDS)
    await user.click(within(empty).getByRole('button', { name: WRITE_TO_US }))
    expect(await dialog(CREATE_TICKETS)).toBeInTheDocument()
  })
})

describe('Create Tickets', () => {
  it('requires subject and description, refuses files over 10 MB, and opens the new conversation', async () => {
    let sent: { subject: string; body: string; attachments: { name: string; document: string }[] } | null = null
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/tickets') sent = await request.clone().json()
    })
    const { user, router } = renderAt('/customer-service')
    await user.click(await screen.findByRole('button', { name: /Create Tickets/ }))
    const modal = await dialog('Create Tickets')
    await user.click(button('Submit', modal))
    await waitFor(() => expect(within(modal).getAllByText('This field is required')).toHaveLength(2))

    await user.type(within(modal).getByLabelText('Subject'), 'Debit card blocked')
    await user.type(within(modal).getByLabelText('Description'), 'My card was declined at a POS this morning.')

    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user.upload(within(modal).getByTestId('attachment-input'), big)
    expect(await within(modal).findByText(FILE_TOO_BIG)).toBeInTheDocument()
    expect(within(modal).queryByText('scan.pdf')).toBeNull()

    await user.upload(within(modal).getByTestId('attachment-input'), pngFile('declined.png'))
    expect(await within(modal).findByText('declined.png')).toBeInTheDocument()
    expect(within(modal).queryByText(FILE_TOO_BIG)).toBeNull()
    await user.click(button('Submit', modal))

    expect(await screen.findByText(TICKET_CREATED)).toBeInTheDocument()
    await dialogClosed('Create Tickets')
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-service/4'))
    expect(sent!.subject).toBe('Debit card blocked')
    expect(sent!.attachments).toEqual([{ name: 'declined.png', document: `data:image/png;base64,${SAMPLE_PNG}` }])
    expect(await screen.findByRole('heading', { name: 'Debit card blocked' })).toBeInTheDocument()
    expect(messages()[0]).toHaveTextContent('My card was declined at a POS this morning.')
    expect(within(messages()[0]).getByRole('button', { name: /declined\.png/ })).toBeInTheDocument()
    // The new ticket is in the left pane, highlighted.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('link', { current: 'page' })).toHaveTextContent('Debit card blocked'))
  })

  it("shows the server's refusal, else the spec fallback", async () => {
    server.use(http.post('/api/tickets', () => problem(400, 'This file type is not allowed', 'Bad Request'), { once: true }))
    const { user } = renderAt('/customer-service')
    await user.click(await screen.findByRole('button', { name: /Create Tickets/ }))
    const modal = await dialog('Create Tickets')
    await user.type(within(modal).getByLabelText('Subject'), 'Help')
    await user.type(within(modal).getByLabelText('Description'), 'Please')
    await user.click(button('Submit', modal))
    expect(await screen.findByText('This file type is not allowed')).toBeInTheDocument()

    server.use(http.post('/api/tickets', () => new HttpResponse(null, { status: 500 })))
    await waitFor(() => expect(button(/Submit/, modal)).not.toHaveClass('ant-btn-loading'))
    await user.click(button(/Submit/, modal))
    expect(await screen.findByText(CREATE_TICKET_ERROR)).toBeInTheDocument()
    expect(await dialog('Create Tickets')).toBeInTheDocument()
  })
})

describe('Ticket conversation', () => {
  it('shows the searchable list beside the messages, by sender', async () => {
    const { user, router } = renderAt('/customer-service/2')
    expect(await screen.findByRole('heading', { name: 'Transfer to GTBank pending' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Customer Service' })).toHaveAttribute('href', '/customer-service')
    await waitFor(() => expect(messages()).toHaveLength(2))
    expect(messages().map((m) => m.getAttribute('data-sender'))).toEqual(['CLIENT', 'AGENT'])
    expect(messages()[0]).toHaveClass('kobo-msg--mine')
    expect(messages()[0]).toHaveTextContent('You')
    expect(messages()[1]).toHaveClass('kobo-msg--agent')
    expect(messages()[1]).toHaveTextContent('Kobo Customer Service')
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Unresolved')

    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.type(screen.getByLabelText('Search tickets'), 'card')
    await waitFor(() => expect(rows()).toHaveLength(1))
    await user.click(rows()[0])
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-service/1'))
    expect(await screen.findByRole('heading', { name: 'Card not delivered' })).toBeInTheDocument()
    await waitFor(() => expect(messages()).toHaveLength(3))
  })

  it('shows a reply at once, with its attachment, and keeps it when the server has it', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/tickets/:id/messages', async () => {
        await gate
        return undefined
      }),
    )
    const { user } = renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))

    await user.click(screen.getByRole('button', { name: /Send/ }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Reply'), 'Any update on this?')
    await user.upload(screen.getByTestId('attachment-input'), pngFile('passport.png'))
    await user.click(screen.getByRole('button', { name: /Send/ }))

    await waitFor(() => expect(messages()).toHaveLength(2))
    expect(messages()[1]).toHaveClass('kobo-msg--pending')
    expect(messages()[1]).toHaveTextContent('Any update on this?')
    expect(messages()[1]).toHaveTextContent('passport.png')
    expect(messages()[1]).toHaveTextContent('Sending…')
    expect(screen.getByLabelText('Reply')).toHaveValue('')

    release()
    await waitFor(() => expect(messages()[1]).not.toHaveClass('kobo-msg--pending'))
    expect(messages()).toHaveLength(2)
    expect(within(messages()[1]).getByRole('button', { name: /passport\.png/ })).toBeEnabled()
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument()
  })

  it('removes a reply that could not be sent and gives its text back', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/tickets/:id/messages', async () => {
        await gate
        return new HttpResponse(null, { status: 500 })
      }),
    )
    const { user } = renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))
    await user.type(screen.getByLabelText('Reply'), 'Hello?')
    await user.click(screen.getByRole('button', { name: /Send/ }))
    await waitFor(() => expect(messages()).toHaveLength(2))

    release()
    expect(await screen.findByText(SEND_MESSAGE_ERROR)).toBeInTheDocument()
    await waitFor(() => expect(messages()).toHaveLength(1))
    expect(screen.getByLabelText('Reply')).toHaveValue('Hello?')
  })

  it('marks a ticket done and unresolved again', async () => {
    const { user } = renderAt('/customer-service/3')
    await user.click(await screen.findByRole('button', { name: /Mark as Done/ }))
    expect(await screen.findByText(STATUS_UPDATED)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /Mark as Unresolved/ })).toBeInTheDocument()
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Resolved')
    const active = within(screen.getByRole('main')).getByRole('link', { current: 'page' })
    expect(within(active).getByRole('img', { name: 'Resolved' })).toBeInTheDocument()

    server.use(http.post('/api/tickets/:id/status', () => new HttpResponse(null, { status: 500 }), { once: true }))
    await user.click(screen.getByRole('button', { name: /Mark as Unresolved/ }))
    expect(await screen.findByText(STATUS_ERROR)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Mark as Unresolved/ })).toBeInTheDocument()
  })

  it("says so when the ticket is someone else's or missing", async () => {
    renderAt('/customer-service/999')
    expect(await screen.findByText('Ticket not found', { selector: '.ant-result-title' })).toBeInTheDocument()
    // Said once, by the page: a failed read is not toasted.
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
  })

  it('uses the fetch fallback when the conversation cannot be read', async () => {
    server.use(http.get('/api/tickets/:id', () => new HttpResponse(null, { status: 500 })))
    renderAt('/customer-service/1')
    await expectFailure(TICKET_DETAILS_ERROR)
    // Not "Ticket not found": the ticket exists, the read failed.
    expect(screen.queryByText('Ticket not found', { selector: '.ant-result-title' })).not.toBeInTheDocument()
  })

  it('a 500 on the conversation shows the reason and a Retry that loads it', async () => {
    failWithProblem('/api/tickets/:id', 'The help desk is unavailable')
    const { user } = renderAt('/customer-service/2')
    const retry = await expectFailure('The help desk is unavailable')
    expect(screen.getByText(TICKET_FAILED)).toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(messages()).toHaveLength(2))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the conversation says so, and Retry loads it', async () => {
    failWithNetworkError('/api/tickets/:id')
    const { user } = renderAt('/customer-service/2')
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(messages()).toHaveLength(2))
  })

  it('picks up customer service answers while the conversation is open', async () => {
    ticketPolling.intervalMs = FAST_POLL_MS
    renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))
    server.use(
      http.get('/api/tickets/3', () =>
        HttpResponse.json({
          id: 3,
          subject: 'Statement for visa application',
          body: 'Please stamp it',
          resolved: false,
          createdAt: '20-11-2026 13:30:00',
          messages: [
            { id: 1, text: 'Please stamp it', sender: 'CLIENT', createdAt: '20-11-2026 13:30:00', attachments: [] },
            { id: 2, text: 'Done, it is in your mail.', sender: 'AGENT', createdAt: '20-11-2026 14:00:00', attachments: [] },
          ],
        }),
      ),
    )
    await waitFor(() => expect(messages()).toHaveLength(2))
    expect(messages()[1]).toHaveTextContent('Done, it is in your mail.')
  })
})

describe('Ticket conversation: its read', () => {
  it('shows the loading state until the conversation comes, never the previous one', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { user, router } = renderAt('/customer-service/2')
    await waitFor(() => expect(messages()).toHaveLength(2))
    server.use(
      http.get('/api/tickets/1', async () => {
        await gate
        return undefined
      }),
    )
    await user.click(await screen.findByRole('link', { name: /Card not delivered/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-service/1'))
    expect(await screen.findByTestId('load-loading')).toBeInTheDocument()
    expect(messages()).toHaveLength(0)
    release()
    expect(await screen.findByRole('heading', { name: 'Card not delivered' })).toBeInTheDocument()
    await waitFor(() => expect(messages()).toHaveLength(3))
  })

  it('a re-read that fails leaves the conversation as it is, with no failed state and no toast', async () => {
    ticketPolling.intervalMs = FAST_POLL_MS
    renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))
    let reads = 0
    server.use(
      http.get('/api/tickets/3', () => {
        reads += 1
        return problem(500, 'The help desk is unavailable', 'Internal Server Error')
      }),
    )
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2))
    expect(messages()).toHaveLength(1)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    expect(screen.queryByText('The help desk is unavailable')).not.toBeInTheDocument()
  })

  it("keeps a reply on its way when a re-read lands without it, then shows the server's", async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/tickets/:id/messages', async () => {
        await gate
        return undefined
      }),
    )
    ticketPolling.intervalMs = FAST_POLL_MS
    let reads = 0
    const { user } = renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))
    await user.type(screen.getByLabelText('Reply'), 'Still waiting')
    await user.click(screen.getByRole('button', { name: /Send/ }))
    await waitFor(() => expect(messages()).toHaveLength(2))
    server.use(
      http.get('/api/tickets/3', () => {
        reads += 1
        return undefined
      }),
    )
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2))
    expect(messages()).toHaveLength(2)
    expect(messages()[1]).toHaveClass('kobo-msg--pending')
    release()
    await waitFor(() => expect(messages()[1]).not.toHaveClass('kobo-msg--pending'))
    expect(messages()[1]).toHaveTextContent('Still waiting')
    expect(messages()).toHaveLength(2)
  })

  it('stops reading once the conversation is closed', async () => {
    ticketPolling.intervalMs = FAST_POLL_MS
    const { router } = renderAt('/customer-service/3')
    await waitFor(() => expect(messages()).toHaveLength(1))
    let reads = 0
    server.use(
      http.get('/api/tickets/3', () => {
        reads += 1
        return undefined
      }),
    )
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(1))
    await router.navigate('/customer-service')
    await waitFor(() => expect(messages()).toHaveLength(0))
    const after = reads
    await new Promise((resolve) => setTimeout(resolve, 4 * FAST_POLL_MS))
    expect(reads).toBeLessThanOrEqual(after + 1)
  })
})

describe('Attachment viewer', () => {
  async function open(name: RegExp) {
    const view = renderAt('/customer-service/2')
    await waitFor(() => expect(messages()).toHaveLength(2))
    await view.user.click(screen.getByRole('button', { name }))
    return view
  }

  it('shows an image', async () => {
    await open(/receipt\.png/)
    const modal = await dialog('receipt.png')
    const image = await within(modal).findByRole('img', { name: 'receipt.png' })
    expect(image).toHaveAttribute('src', `data:image/png;base64,${SAMPLE_PNG}`)
    expect(within(modal).getByRole('button', { name: /Download/ })).toBeEnabled()
  })

  it('shows a PDF in a frame', async () => {
    await open(/trace-report\.pdf/)
    const modal = await dialog('trace-report.pdf')
    await waitFor(() => expect(modal.querySelector('iframe')).toHaveAttribute('src', 'blob:preview'))
  })

  it('shows an Excel workbook as a table', async () => {
    const sheet =
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Rent</t></is></c><c r="B2"><v>150000</v></c></row>' +
      '</sheetData></worksheet>'
    const workbook = storedZip({
      'xl/workbook.xml':
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/sharedStrings.xml': '<sst><si><t>Item</t></si><si><t>Amount</t></si></sst>',
      'xl/worksheets/sheet1.xml': sheet,
    })
    let binary = ''
    for (const byte of workbook) binary += String.fromCharCode(byte)
    server.use(
      http.get('/api/tickets/attachments/:id/download', () =>
        HttpResponse.json({
          name: 'budget.xlsx',
          content: `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${btoa(binary)}`,
        }),
      ),
    )
    await open(/receipt\.png/)
    const modal = await dialog('receipt.png')
    await waitFor(() => expect(within(modal).getByText('Rent')).toBeInTheDocument())
    expect(within(modal).getByText('Item')).toBeInTheDocument()
    expect(within(modal).getByText('150000')).toBeInTheDocument()
    expect(within(modal).getByRole('columnheader', { name: 'B' })).toBeInTheDocument()
  })

  it("says 'File format not supported' for other types", async () => {
    server.use(
      http.get('/api/tickets/attachments/:id/download', async () => {
        await delay(10)
        return HttpResponse.json({ name: 'letter.docx', content: 'data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,UEsDBAo=' })
      }),
    )
    await open(/trace-report\.pdf/)
    const modal = await dialog('trace-report.pdf')
    expect(await within(modal).findByText(FORMAT_NOT_SUPPORTED)).toBeInTheDocument()
    expect(FORMAT_NOT_SUPPORTED).toBe('File format not supported')
  })
})
