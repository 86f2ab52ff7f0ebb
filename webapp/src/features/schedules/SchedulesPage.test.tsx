/** /scheduled-payment: table, statuses, search and filter, details, edit with its rules, and approving again. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { wireDay } from './mocks'
import {
  DETAILS_TITLE,
  EDIT_ERROR,
  EDIT_TITLE,
  LIST_ERROR,
  NO_RECORDS,
  SCHEDULES_FAILED,
  SCHEDULE_APPROVED,
  SCHEDULE_EDITED,
  SCHEDULE_FIRST_PAYMENT,
} from '../../store/schedules/texts'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import type { ScheduledPayment } from '../../store/schedules/types'

setUpMoneyTests()
vi.setConfig({ testTimeout: 90_000 })
afterEach(() => server.events.removeAllListeners())

const BASE = '/api/ibanking/personal/schedule-payments'

function renderPage(route = '/scheduled-payment') {
  return renderWithProviders({ route, preloadedState: signedInState('ada') })
}

/** A row's Edit or View button (role queries are slow on this large page). */
const action = (row: HTMLElement, name: 'Edit' | 'View') => row.querySelector<HTMLElement>(`button[aria-label^="${name} "]`)
const bodyRows = () => [...document.querySelectorAll<HTMLElement>('.kobo-schedule-table tbody tr.ant-table-row')]
/** The Status column's cell (a phone layout repeats the tag under the amount). */
const statusOf = (row: HTMLElement) => (row as HTMLTableRowElement).cells[2]
const rowWith = (text: string) => bodyRows().find((row) => row.textContent?.includes(text))!

async function loaded() {
  await waitFor(() => expect(bodyRows()).toHaveLength(4))
}

function inDays(days: number) {
  const date = new Date()
  date.setDate(date.getDate() + days)
  return wireDay(date)
}

describe('Scheduled Payments page', () => {
  it('lists Date, Amount, Status, Reference Number and Actions with coloured statuses', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Scheduled Payments' })).toBeInTheDocument()
    await loaded()
    const headers = [...document.querySelectorAll('.kobo-schedule-table thead th')].map((th) => th.textContent)
    expect(headers).toEqual(['Date', 'Amount', 'Status', 'Reference Number', 'Actions'])

    const pending = rowWith('Monthly')
    expect(pending).toHaveTextContent('₦20,000.00')
    expect(pending).toHaveTextContent(inDays(5))
    expect(pending).toHaveTextContent(/SCH\d{10}/)
    expect(within(statusOf(pending)).getByText('Pending').closest('.ant-tag')).toHaveClass('ant-tag-orange')
    expect(action(pending, 'Edit')).not.toBeNull()

    const completed = rowWith('₦7,500.00')
    const tag = within(statusOf(completed)).getByText('Completed').closest('.ant-tag')!
    expect(tag).toHaveClass('ant-tag-green')
    expect(within(tag as HTMLElement).getByLabelText('Completed')).toBeInTheDocument()
    expect(action(completed, 'View')).not.toBeNull()
    expect(action(completed, 'Edit')).toBeNull()

    const failed = rowWith('₦150,000.00')
    expect(within(statusOf(failed)).getByText('Failed').closest('.ant-tag')).toHaveClass('ant-tag-red')
    expect(action(failed, 'View')).not.toBeNull()

    // The own-account one was never approved.
    expect(rowWith('₦50,000.00')).toHaveTextContent('Awaiting approval')
  })

  it('searches and filters by status; the add button goes to /transfer', async () => {
    const { user, router } = renderPage()
    await loaded()
    await user.type(screen.getByLabelText('Search scheduled payments'), 'adaeze')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('₦7,500.00')
    await user.clear(screen.getByLabelText('Search scheduled payments'))
    await user.type(screen.getByLabelText('Search scheduled payments'), 'nothing like this')
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search scheduled payments'))
    await loaded()

    await choose(user, 'Filter by status', 'Pending')
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
    await choose(user, 'Filter by status', 'Failed')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('₦150,000.00')
    await choose(user, 'Filter by status', 'All statuses')
    await loaded()

    await user.click(screen.getByRole('button', { name: /Schedule a Payment/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'))
  })

  it("View opens 'Schedule Payment Details' with the failure reason", async () => {
    const { user } = renderPage()
    await loaded()
    await user.click(action(rowWith('₦150,000.00'), 'View')!)
    const details = await dialog(DETAILS_TITLE)
    await waitFor(() => expect(within(details).getByTestId('schedule-details')).toHaveTextContent('Insufficient funds'))
    expect(details).toHaveTextContent('Car loan')
    expect(details).toHaveTextContent('Intra Bank Transfer')
    expect(details).toHaveTextContent('1020000115')
    // Only pending ones can be edited.
    expect(within(details).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    await user.click(within(details).getByText('Close', { selector: '.ant-modal-footer button span' }))
    await dialogClosed(DETAILS_TITLE)
  })

  it('edit: required fields and the 10-digit rule; saving asks for a new code and approving shows the new reference', async () => {
    let edited: Record<string, unknown> | null = null
    let approved: Record<string, unknown> | null = null
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith(`${BASE}/edit`)) edited = (await request.clone().json()) as Record<string, unknown>
      if (request.url.endsWith(`${BASE}/approve`)) approved = (await request.clone().json()) as Record<string, unknown>
    })
    const { user } = renderPage()
    await loaded()
    const oldReference = /SCH\d{10}/.exec(rowWith('Monthly').textContent ?? '')![0]
    await user.click(action(rowWith('Monthly'), 'Edit')!)
    const modal = await dialog(EDIT_TITLE)
    // An intra-bank payment has no bank field; the look-up uses Kobo's code.
    expect(within(modal).queryByLabelText('Bank')).not.toBeInTheDocument()
    await waitFor(() => expect(within(modal).getByTestId('resolved-name')).toBeInTheDocument())

    const account = within(modal).getByLabelText('Account Number')
    await user.clear(account)
    await user.type(account, '102000021')
    fireEvent.blur(account)
    expect(await within(modal).findByText('Account Number must be 10 characters')).toBeInTheDocument()
    await user.clear(within(modal).getByLabelText('Description'))
    fireEvent.blur(within(modal).getByLabelText('Description'))
    expect(await within(modal).findByText('This field is required')).toBeInTheDocument()

    await user.type(account, '8')
    await waitFor(() => expect(within(modal).getByTestId('resolved-name')).toHaveTextContent('Tunde Bakare'))
    await user.type(within(modal).getByLabelText('Description'), 'Rent share, new flat')
    const amount = within(modal).getByLabelText('Amount')
    await user.clear(amount)
    await user.type(amount, '25000')
    await user.click(within(modal).getByRole('button', { name: /Save Changes/ }))

    expect(await screen.findByText(SCHEDULE_EDITED)).toBeInTheDocument()
    const code = await dialog('OTP Verification')
    expect(edited).toMatchObject({
      destinationAccountNumber: '1020000218',
      destinationBankCode: '090605',
      amount: 25000,
      description: 'Rent share, new flat',
      interval: 'MONTHLY',
      repeatPayment: 6,
    })
    expect(String(edited!.scheduleDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const newReference = within(code).getByTestId('schedule-approval-summary').textContent!.match(/SCH\d{10}/)![0]
    expect(newReference).not.toBe(oldReference)

    await typeCode(user, '000000', code)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    await typeCode(user, '123456', code)
    expect(await screen.findByText(SCHEDULE_APPROVED)).toBeInTheDocument()
    expect(approved).toEqual({ otp: '123456', referenceNumber: newReference })
    await waitFor(() => expect(rowWith('₦25,000.00')).toHaveTextContent(newReference))
    expect(rowWith('₦25,000.00')).not.toHaveTextContent('Awaiting approval')
  }, 150_000)

  it('edit: a bank is required for other-bank payments and its answer lands on the field', async () => {
    const otherBank: ScheduledPayment = {
      uuid: 'u-1',
      clientId: 1,
      referenceNumber: 'SCH0000000001',
      transferType: 'OTHER_BANK',
      sourceAccountNumber: '1020000115',
      destinationAccountNumber: '9000000014',
      destinationAccountName: 'Adaeze Nwosu',
      destinationBankCode: '000013',
      destinationBankName: 'Guaranty Trust Bank',
      amount: 1000,
      description: 'Books',
      scheduleDate: inDays(3),
      interval: null,
      repeatPayment: 1,
      runsDone: 0,
      status: 'PENDING',
      approved: true,
      failureReason: null,
    }
    server.use(
      http.get(BASE, () => HttpResponse.json([otherBank])),
      http.put(`${BASE}/edit`, () =>
        HttpResponse.json(
          { status: 400, detail: 'The date cannot be in the past', errors: [{ field: 'scheduleDate', message: 'The date cannot be in the past' }] },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderPage()
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    await user.click(action(bodyRows()[0], 'Edit')!)
    const modal = await dialog(EDIT_TITLE)
    expect(within(modal).getByLabelText('Bank')).toBeInTheDocument()
    await waitFor(() => expect(within(modal).getByTestId('resolved-name')).toHaveTextContent('Adaeze Nwosu'))
    await user.click(within(modal).getByRole('button', { name: /Save Changes/ }))
    expect(await within(modal).findByText('The date cannot be in the past', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument()
    expect(screen.queryByText(SCHEDULE_EDITED)).toBeNull()

    // A refusal without a message toasts the spec's fallback; the modal stays open, nothing to approve.
    server.use(http.put(`${BASE}/edit`, () => new HttpResponse(null, { status: 500 })))
    await waitFor(() => expect(within(modal).getByRole('button', { name: /Save Changes/ })).not.toHaveClass('ant-btn-loading'))
    await user.click(within(modal).getByRole('button', { name: /Save Changes/ }))
    expect(await screen.findByText(EDIT_ERROR)).toBeInTheDocument()
    expect(await dialog(EDIT_TITLE)).toBeInTheDocument()
    expect(screen.queryByText('OTP Verification')).not.toBeInTheDocument()
  })

  it('says so when the list cannot be fetched', async () => {
    server.use(http.get(BASE, () => new Response('oops', { status: 502 })))
    renderPage()
    await expectFailure(LIST_ERROR)
  })

  it('a 500 shows the reason and a Retry, not "No records to display"; Retry loads the list', async () => {
    failWithProblem(BASE, 'Core banking is unavailable')
    const { user } = renderPage()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(SCHEDULES_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await loaded()
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure says so, and Retry loads the list', async () => {
    failWithNetworkError(BASE)
    const { user } = renderPage()
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await loaded()
  })

  it('no scheduled payments at all offers to schedule the first one', async () => {
    server.use(http.get(BASE, () => HttpResponse.json([])))
    const { user, router } = renderPage()
    const empty = await screen.findByTestId('load-empty')
    expect(empty).toHaveTextContent(NO_RECORDS)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    await user.click(within(empty).getByRole('button', { name: SCHEDULE_FIRST_PAYMENT }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'))
  })

  it('opens the details of the payment the dashboard pointed at', async () => {
    server.use(http.get(`${BASE}/:uuid`, () => problem(500, 'Core banking is unavailable')))
    const { router } = renderPage()
    await loaded()
    const uuid = bodyRows()[0].dataset.rowKey!
    await router.navigate(`/scheduled-payment?open=${uuid}`)
    const details = await dialog(DETAILS_TITLE)
    expect(details).toHaveTextContent('Monthly rent share')
    expect(await screen.findByText('Core banking is unavailable')).toBeInTheDocument()
  })
})
