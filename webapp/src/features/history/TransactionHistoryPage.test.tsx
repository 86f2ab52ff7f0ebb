/** /transaction-history: the paged table, search and filters, Transaction Details, Request Statement. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, dialogClosed, setUpMoneyTests } from '../transfers/testUtils'
import { TRANSACTIONS_PATH } from './api'
import { requestedStatements } from './mocks'
import {
  DETAILS_TITLE,
  HISTORY_FAILED,
  MAKE_A_TRANSFER,
  NO_RECORDS,
  OVER_ONE_YEAR,
  REQUEST_STATEMENT,
  STATEMENT_ERROR,
  STATEMENT_REQUESTED,
  TRANSACTIONS_ERROR,
} from './texts'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const REQUIRED = 'This field is required'
const rows = () => screen.queryAllByTestId('history-row')
const cellTexts = (column: number) => rows().map((r) => r.querySelectorAll('td')[column]?.textContent ?? '')
const button = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!

/** The query strings the page sent for the history, oldest first. */
function recordHistoryQueries(): URLSearchParams[] {
  const seen: URLSearchParams[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (request.method === 'GET' && url.pathname === TRANSACTIONS_PATH) seen.push(url.searchParams)
  })
  return seen
}

async function renderHistory() {
  const view = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
  expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument()
  await waitFor(() => expect(rows()).toHaveLength(10))
  return view
}

/** Types a day into an antd DatePicker and confirms it. */
async function typeDate(user: UserEvent, input: HTMLElement, day: string) {
  await user.click(input)
  await user.clear(input)
  await user.type(input, `${day}{Enter}`)
}

afterEach(() => server.events.removeAllListeners())

describe('Transaction History table', () => {
  it('shows Date, Time, Details, Transaction Type and Amount, ten rows a page, newest first', async () => {
    await renderHistory()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Date', 'Time', 'Details', 'Transaction Type', 'Amount'])
    for (const date of cellTexts(0)) expect(date).toMatch(/^\d{2}-\d{2}-\d{4}/)
    for (const time of cellTexts(1)) expect(time).toMatch(/^\d{2}:\d{2}$/)
    for (const type of cellTexts(3)) expect(['Credit', 'Debit']).toContain(type)
    const amounts = cellTexts(4)
    for (const [i, amount] of amounts.entries()) {
      expect(amount).toMatch(/^[+-]₦\d{1,3}(,\d{3})*\.\d{2}$/)
      expect(amount.startsWith('+')).toBe(cellTexts(3)[i] === 'Credit')
    }
    // Ada's three accounts have well over a thousand lines between them.
    const total = Number(screen.getByTestId('history-total').textContent!.replace(/\D/g, ''))
    expect(total).toBeGreaterThan(1000)
    expect(screen.getByText(`1-10 of ${total.toLocaleString('en-US')}`)).toBeInTheDocument()
  })

  it('pages on the server: next page, then 25 a page from the first page', async () => {
    const queries = recordHistoryQueries()
    const { user } = await renderHistory()
    const firstPage = cellTexts(2)
    await user.click(screen.getByTitle('2'))
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('1'))
    await waitFor(() => expect(cellTexts(2)).not.toEqual(firstPage))
    expect(rows()).toHaveLength(10)

    await choose(user, screen.getByRole('combobox', { name: /page/i }), '25 / page')
    await waitFor(() => expect(rows()).toHaveLength(25))
    expect(queries.at(-1)?.get('size')).toBe('25')
    expect(queries.at(-1)?.get('page')).toBe('0')
  })

  it('filters by account, type, status and dates, and searches narration or reference', async () => {
    const queries = recordHistoryQueries()
    const { user } = await renderHistory()
    await choose(user, screen.getByLabelText('Account'), 'Current Account (1020000122)')
    await choose(user, screen.getByLabelText('Transaction Type'), 'Credit')
    await waitFor(() => expect(queries.at(-1)?.get('transactionType')).toBe('CREDIT'))
    expect(queries.at(-1)?.get('accountNumber')).toBe('1020000122')
    await waitFor(() => expect(cellTexts(3).every((t) => t === 'Credit')).toBe(true))
    expect(rows().every((r) => r.textContent!.includes('1020000122'))).toBe(true)

    const today = dayjs()
    const from = today.subtract(30, 'day').format('DD-MM-YYYY')
    await typeDate(user, screen.getByLabelText('From'), from)
    await waitFor(() => expect(queries.at(-1)?.get('startDate')).toBe(from))
    for (const date of cellTexts(0)) {
      const [d, m, y] = date.slice(0, 10).split('-').map(Number)
      expect(dayjs(new Date(y, m - 1, d)).isBefore(today.subtract(30, 'day').startOf('day'))).toBe(false)
    }

    await user.type(screen.getByLabelText('Search transactions'), 'transfer to')
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('transfer to'))
    await waitFor(() => expect(rows().length).toBeGreaterThan(0))
    await waitFor(() => expect(cellTexts(2).every((t) => /transfer to /i.test(t))).toBe(true))

    await user.click(button('Clear filters'))
    await waitFor(() => expect(queries.at(-1)?.get('accountNumber')).toBeNull())
    expect(queries.at(-1)?.get('search')).toBe('transfer to')
  })

  it('lists pending and failed transfers through the Status filter', async () => {
    const { user } = await renderHistory()
    await choose(user, screen.getByLabelText('Status'), 'Failed')
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows().every((r) => within(r).getByText('Failed'))).toBe(true)
  })

  it('shows a failed transfer neutral and unsigned with a Failed tag, a pending one with its own tag, both by name', async () => {
    const { user } = await renderHistory()
    // No ledger code nor raw narration on the page, ever.
    expect(document.body.textContent).not.toMatch(/GL-|HOLD-|SEED-|[A-Z]+_[A-Z_]+\//)
    await choose(user, screen.getByLabelText('Status'), 'Failed')
    await waitFor(() => expect(rows()).toHaveLength(2))
    const failed = rows().find((r) => r.textContent!.includes('Adaeze Nwosu'))!
    expect(within(failed).getByTestId('history-counterparty')).toHaveTextContent('Adaeze Nwosu · Guaranty Trust Bank')
    const amount = within(failed).getByTestId('amount')
    expect(amount).toHaveTextContent(/^₦45,000\.00$/)
    expect(amount).toHaveClass('kobo-history-amount--failed')
    expect(amount).not.toHaveClass('kobo-history-amount--debit')
    expect(within(failed).getByText('Failed')).toBeInTheDocument()

    await choose(user, screen.getByLabelText('Status'), 'Pending')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]).getByTestId('history-counterparty')).toHaveTextContent('Kunle Adeyemi · Guaranty Trust Bank')
    expect(within(rows()[0]).getByTestId('amount')).toHaveClass('kobo-history-amount--pending')
    expect(within(rows()[0]).getByText('Pending')).toBeInTheDocument()
  })

  it('shows "No records to display" when nothing matches', async () => {
    const { user } = await renderHistory()
    await user.click(screen.getByLabelText('Search transactions'))
    await user.paste('no such narration anywhere')
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
    expect(screen.getByTestId('history-total')).toHaveTextContent('0 transactions')
  })

  it('a 500 shows the reason and a Retry in place of the table, not "No records"', async () => {
    failWithProblem(TRANSACTIONS_PATH, 'Core banking is unavailable')
    const { user } = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(HISTORY_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    expect(screen.getByTestId('history-total')).toHaveTextContent('')
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(rows()).toHaveLength(10))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a failed read is said once, by its failed state with Retry: no toast, even when the accounts fail too', async () => {
    // What the mock's "server error" forces: every read answers the same 500 (issue 55 saw it
    // as two identical toasts, one per read, over the heading, besides the failed state).
    const detail = 'Something went wrong on our side. Please try again.'
    failWithProblem(TRANSACTIONS_PATH, detail)
    failWithProblem('/api/accounts', detail)
    const { store } = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
    const toasts: string[] = []
    store.subscribe(() => toasts.push(...store.getState().toast.queue.map((t) => t.message)))
    const retry = await expectFailure(detail)
    expect(retry).toBeInTheDocument()
    await waitFor(() => expect(store.getState().api.queries['accounts(undefined)']?.status).toBe('rejected'))
    expect(screen.getAllByText(detail)).toHaveLength(1)
    expect(toasts).toEqual([])
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
  })

  it('a network failure says so, and Retry loads the page', async () => {
    failWithNetworkError(TRANSACTIONS_PATH)
    const { user } = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
    const retry = await expectFailure(NETWORK_FAILURE)
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(rows()).toHaveLength(10))
  })

  it('falls back to the spec message when the failure has no body', async () => {
    server.use(http.get(TRANSACTIONS_PATH, () => new HttpResponse(null, { status: 500 })))
    renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
    await expectFailure(TRANSACTIONS_ERROR)
  })

  it('an account with no transactions shows the empty state with Make a transfer', async () => {
    server.use(http.get(TRANSACTIONS_PATH, () => HttpResponse.json({ content: [], totalElements: 0, page: 0, size: 10 })))
    const { user, router } = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
    const empty = await screen.findByTestId('load-empty')
    expect(empty).toHaveTextContent(NO_RECORDS)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    await user.click(within(empty).getByRole('button', { name: MAKE_A_TRANSFER }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'))
  })
})

describe('Transaction Details', () => {
  it('opens from a row with the session id and both parties', async () => {
    const { user } = await renderHistory()
    await user.type(screen.getByLabelText('Search transactions'), 'transfer to')
    await waitFor(() => expect(cellTexts(2).every((t) => /transfer to /i.test(t))).toBe(true))
    const row = rows()[0]
    const counterparty = within(row).getByTestId('history-counterparty').textContent!
    await user.click(row)
    const modal = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(modal).getByText('Session ID')).toBeInTheDocument())
    // The other party by name (with its bank), as in the row: never an account code.
    expect(within(modal).getByTestId('details-counterparty')).toHaveTextContent(counterparty)
    const value = (label: string) => within(modal).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!.textContent
    expect(value('Session ID')).toMatch(/^090605\d{24}$/)
    expect(value('Date')).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    const own = value('Source Account Number') === row.textContent!.match(/10200001\d{2}/)![0] ? 'Source' : 'Destination'
    expect(value(`${own} Account Name`)).toBe('Ada Okafor')
    expect(value(`${own === 'Source' ? 'Destination' : 'Source'} Account Name`)).not.toBe('—')
    await user.click(button('Close', modal))
    await dialogClosed(DETAILS_TITLE)
  })

  it('shows the reference, the other party by name and the receipt actions', async () => {
    const { user } = await renderHistory()
    await choose(user, screen.getByLabelText('Status'), 'Failed')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await user.click(rows().find((r) => r.textContent!.includes('Adaeze Nwosu'))!)
    const modal = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(modal).getByText('Session ID')).toBeInTheDocument())
    const value = (label: string) => within(modal).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!.textContent
    expect(value('Reference Number')).toBe('c04e1a77d5f24c1d9a2e5b6c7d8e9f01')
    expect(within(modal).getByTestId('details-counterparty')).toHaveTextContent('Adaeze Nwosu · Guaranty Trust Bank')
    expect(within(modal).getByTestId('amount')).toHaveTextContent(/^₦45,000\.00$/)
    expect(within(modal).getByRole('button', { name: /Share receipt$/ })).toBeInTheDocument()
    expect(within(modal).getByRole('button', { name: /Download receipt$/ })).toBeInTheDocument()
  })

  it('opened by ?reference= (a reported problem\'s link), shows the balance after it, as from its row', async () => {
    const { user } = await renderHistory()
    const row = rows()[0]
    await user.click(row)
    let modal = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(modal).getByText('Session ID')).toBeInTheDocument())
    const value = (label: string) => within(modal).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!.textContent
    const reference = value('Reference Number')!
    const fromRow = value('Balance After')
    expect(fromRow).toMatch(/^₦[\d,]+\.\d{2}$/)
    await user.click(button('Close', modal))
    await dialogClosed(DETAILS_TITLE)
    cleanup()

    renderWithProviders({ route: `/transaction-history?reference=${reference}`, preloadedState: signedInState('ada') })
    modal = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(modal).getByText('Session ID')).toBeInTheDocument())
    expect(value('Reference Number')).toBe(reference)
    expect(value('Balance After')).toBe(fromRow)
  })

  it('opens from the keyboard too', async () => {
    await renderHistory()
    fireEvent.keyDown(rows()[0], { key: 'Enter' })
    const modal = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(modal).getByText('Source Account Number')).toBeInTheDocument())
  })
})

describe('Request Statement', () => {
  it('requires start date, end date, account and file type', async () => {
    const { user } = await renderHistory()
    await user.click(button(REQUEST_STATEMENT))
    const modal = await dialog(REQUEST_STATEMENT)
    await user.click(button(REQUEST_STATEMENT, modal))
    await waitFor(() => expect(within(modal).getAllByText(REQUIRED)).toHaveLength(4))
    expect(requestedStatements).toHaveLength(0)
  })

  it('e-mails an Excel statement with dd-mm-yyyy dates', async () => {
    const { user } = await renderHistory()
    await user.click(button(REQUEST_STATEMENT))
    const modal = await dialog(REQUEST_STATEMENT)
    const start = dayjs().subtract(3, 'month').format('DD-MM-YYYY')
    const end = dayjs().format('DD-MM-YYYY')
    await typeDate(user, within(modal).getByLabelText('Start Date'), start)
    await typeDate(user, within(modal).getByLabelText('End Date'), end)
    await choose(user, within(modal).getByLabelText('Account'), 'Current Account (1020000122)')
    await user.click(within(modal).getByText('Excel'))
    await user.click(button(REQUEST_STATEMENT, modal))
    expect(await screen.findByText(STATEMENT_REQUESTED)).toBeInTheDocument()
    await dialogClosed(REQUEST_STATEMENT)
    expect(requestedStatements).toEqual([
      { persona: 'ada', fileType: 'EXCEL', body: { nuban: '1020000122', startDate: start, endDate: end } },
    ])
  })

  it('refuses an end date before the start date or more than a year after it, before sending', async () => {
    const { user } = await renderHistory()
    await user.click(button(REQUEST_STATEMENT))
    const modal = await dialog(REQUEST_STATEMENT)
    const startInput = within(modal).getByLabelText('Start Date')
    const endInput = within(modal).getByLabelText('End Date')
    await typeDate(user, startInput, dayjs().subtract(1, 'month').format('DD-MM-YYYY'))
    // A day the calendar disables cannot be typed in either: the field stays empty.
    await typeDate(user, endInput, dayjs().subtract(2, 'month').format('DD-MM-YYYY'))
    fireEvent.blur(endInput)
    await user.click(within(modal).getByText('PDF'))
    await user.click(button(REQUEST_STATEMENT, modal))
    await waitFor(() => expect(within(modal).getAllByText(REQUIRED).length).toBeGreaterThan(0))
    expect(requestedStatements).toHaveLength(0)
  })

  it('shows the server refusal inside the modal, which stays open', async () => {
    server.use(
      http.post(`${TRANSACTIONS_PATH}/download`, () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, detail: OVER_ONE_YEAR, errors: [{ field: 'endDate', message: OVER_ONE_YEAR }] },
          { status: 400 },
        ),
      ),
    )
    const { user } = await renderHistory()
    await choose(user, screen.getByLabelText('Account'), 'Savings Account (1020000115)')
    await user.click(button(REQUEST_STATEMENT))
    const modal = await dialog(REQUEST_STATEMENT)
    // The account chosen in the filters is already picked.
    expect(within(modal).getByTitle('Savings Account (1020000115)')).toBeInTheDocument()
    await typeDate(user, within(modal).getByLabelText('Start Date'), dayjs().subtract(6, 'month').format('DD-MM-YYYY'))
    await typeDate(user, within(modal).getByLabelText('End Date'), dayjs().format('DD-MM-YYYY'))
    await user.click(within(modal).getByText('PDF'))
    await user.click(button(REQUEST_STATEMENT, modal))
    await waitFor(() => expect(within(modal).getByRole('alert')).toHaveTextContent(OVER_ONE_YEAR))
    // The field's own message follows the alert (set on the form after the answer): wait for it.
    await waitFor(() => expect(within(modal).getAllByText(OVER_ONE_YEAR).length).toBeGreaterThanOrEqual(2))
    expect(await dialog(REQUEST_STATEMENT)).toBeInTheDocument()
  })

  it('says the fallback of a refusal without a message in a toast and in the modal, and sends again from it', async () => {
    server.use(http.post(`${TRANSACTIONS_PATH}/download`, () => new HttpResponse(null, { status: 502 }), { once: true }))
    const { user } = await renderHistory()
    await user.click(button(REQUEST_STATEMENT))
    const modal = await dialog(REQUEST_STATEMENT)
    await typeDate(user, within(modal).getByLabelText('Start Date'), dayjs().subtract(1, 'month').format('DD-MM-YYYY'))
    await typeDate(user, within(modal).getByLabelText('End Date'), dayjs().format('DD-MM-YYYY'))
    await choose(user, within(modal).getByLabelText('Account'), 'Current Account (1020000122)')
    await user.click(within(modal).getByText('PDF'))
    await user.click(button(REQUEST_STATEMENT, modal))
    await waitFor(() => expect(within(modal).getByRole('alert')).toHaveTextContent(STATEMENT_ERROR))
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent(STATEMENT_ERROR))
    expect(requestedStatements).toHaveLength(0)

    await waitFor(() => expect(button(REQUEST_STATEMENT, modal)).not.toHaveClass('ant-btn-loading'))
    await user.click(button(REQUEST_STATEMENT, modal))
    expect(await screen.findByText(STATEMENT_REQUESTED)).toBeInTheDocument()
    await dialogClosed(REQUEST_STATEMENT)
    expect(requestedStatements).toHaveLength(1)
  })
})
