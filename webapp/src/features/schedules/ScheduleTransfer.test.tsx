/** Scheduling on /transfer: the rules, the create call (date as yyyy-mm-dd), the code and 'Scheduled Payment Approved'. */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { SCHEDULE_APPROVED, SCHEDULE_ERROR } from '../../store/schedules/texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })
afterEach(() => server.events.removeAllListeners())

const BASE = '/api/ibanking/personal/schedule-payments'

function renderTransfer(tab = 'intra-bank') {
  return renderWithProviders({ route: `/transfer?tab=${tab}`, preloadedState: signedInState('ada') })
}

const sendButton = () => screen.getByRole('button', { name: /Send$/ })

/** Records the path and body of every schedule call. */
function recordCalls() {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = []
  server.events.on('request:start', async ({ request }) => {
    const path = new URL(request.url).pathname
    if (!path.startsWith(BASE) || request.method === 'GET') return
    calls.push({ method: request.method, path, body: (await request.clone().json()) as Record<string, unknown> })
  })
  return calls
}

function tomorrow() {
  const date = new Date()
  date.setDate(date.getDate() + 1)
  return date
}

describe('scheduling on the transfer form', () => {
  it('needs a date, and repeating needs an interval and a number of payments', async () => {
    const calls = recordCalls()
    const { user } = renderTransfer()
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await user.type(screen.getByLabelText('Account Number'), '1020000218')
    await user.type(screen.getByLabelText('Amount'), '10')
    await screen.findByTestId('resolved-name')
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this transfer' }))
    // The schedule fields load with the box's first tick (issue 23).
    await user.click(await screen.findByRole('checkbox', { name: 'Repeat this payment' }))
    await user.click(sendButton())
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3))
    expect(screen.getByLabelText('Interval')).toBeInTheDocument()
    expect(screen.getByLabelText('Number of payments')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    expect(screen.queryByText('OTP Verification')).not.toBeInTheDocument()
  })

  it('schedules a monthly intra-bank transfer, then approves it with the code and resets the form', async () => {
    const calls = recordCalls()
    const { user } = renderTransfer()
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await user.type(screen.getByLabelText('Account Number'), '1020000218')
    await user.type(screen.getByLabelText('Amount'), '2500')
    await user.type(screen.getByLabelText('Narration (Optional)'), 'Monthly dues')
    await screen.findByTestId('resolved-name')
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this transfer' }))
    await user.click(await screen.findByLabelText('Payment Date'))
    const day = tomorrow()
    const cell = document.querySelector<HTMLElement>(
      `.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}"]`,
    )
    if (cell) {
      await user.click(cell)
    } else {
      // Tomorrow is in next month's page: take today instead.
      await user.click(await screen.findByText('Today'))
    }
    // The schedule fields load with the box's first tick (issue 23).
    await user.click(await screen.findByRole('checkbox', { name: 'Repeat this payment' }))
    await choose(user, 'Interval', 'MONTHLY')
    await user.type(screen.getByLabelText('Number of payments'), '3')
    await user.click(sendButton())

    const code = await dialog('OTP Verification')
    const summary = within(code).getByTestId('schedule-approval-summary')
    expect(summary).toHaveTextContent('₦2,500.00')
    expect(summary).toHaveTextContent('Tunde Bakare')
    expect(summary).toHaveTextContent('Monthly · 3 payments')
    const reference = summary.textContent!.match(/SCH\d{10}/)![0]

    expect(calls[0].path).toBe(`${BASE}/intrabank`)
    expect(calls[0].body).toMatchObject({
      sourceAccountNumber: '1020000115',
      destinationAccountNumber: '1020000218',
      amount: 2500,
      description: 'Monthly dues',
      scheduleTransaction: true,
      schedulePaymentSetting: { continuous: true, scheduledInterval: 'MONTHLY', repeatPayment: 3 },
    })
    const setting = calls[0].body.schedulePaymentSetting as { schedulePaymentDate: string }
    expect(setting.schedulePaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    await typeCode(user, '123456', code)
    expect(await screen.findByText(SCHEDULE_APPROVED)).toBeInTheDocument()
    expect(calls[1]).toEqual({ method: 'PATCH', path: `${BASE}/approve`, body: { otp: '123456', referenceNumber: reference } })
    await dialogClosed('OTP Verification')
    await waitFor(() => expect(screen.getByLabelText('Account Number')).toHaveValue(''))
    // No money moved now: nothing runs before its date.
    expect(screen.queryByText('Transferred Successfully')).not.toBeInTheDocument()
  })

  it('own-account schedules go to /own once, and a refusal shows the server reason', async () => {
    const calls = recordCalls()
    server.use(http.post(`${BASE}/own`, () => problem(400, 'The date cannot be in the past', 'Bad Request')))
    const { user } = renderTransfer('own-account')
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await choose(user, 'To Account', 'Current Account (1020000122)')
    await user.type(screen.getByLabelText('Amount'), '100')
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this transfer' }))
    await user.click(await screen.findByLabelText('Payment Date'))
    await user.click(await screen.findByText('Today'))
    await user.click(sendButton())
    expect(await screen.findByText('The date cannot be in the past')).toBeInTheDocument()
    expect(calls[0].path).toBe(`${BASE}/own`)
    expect(calls[0].body).toMatchObject({ schedulePaymentSetting: { continuous: false, scheduledInterval: null, repeatPayment: null } })
    expect(screen.queryByText('OTP Verification')).not.toBeInTheDocument()

    // A refusal without a message says the spec's fallback; the form stays, ready to send again.
    server.use(http.post(`${BASE}/own`, () => new HttpResponse(null, { status: 500 })))
    await waitFor(() => expect(sendButton()).not.toHaveClass('ant-btn-loading'))
    await user.click(sendButton())
    expect(await screen.findByText(SCHEDULE_ERROR)).toBeInTheDocument()
    expect(calls).toHaveLength(2)
    await waitFor(() => expect(sendButton()).not.toHaveClass('ant-btn-loading'))
    expect(screen.queryByText('OTP Verification')).not.toBeInTheDocument()
  })
  it('a bulk batch is scheduled with one setting and one code for every row', async () => {
    const calls = recordCalls()
    const { user } = renderTransfer('bulk')
    await screen.findByText('Paste CSV')
    await choose(user, 'From Account', 'Current Account (1020000122)')
    await user.click(screen.getByText('Paste CSV', { selector: 'button span' }))
    const paste = await dialog('Paste CSV')
    await user.click(within(paste).getByLabelText('CSV rows'))
    await user.paste(['1020000218,090605,1000,Lunch', '9000000014,000013,2000,Rent'].join('\n'))
    await user.click(within(paste).getByRole('button', { name: 'Add rows' }))
    const send = () => screen.getByText('Send', { selector: 'button span' }).closest('button')!
    await waitFor(() => expect(send()).toBeEnabled())
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this transfer' }))
    await user.click(send())
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await user.click(screen.getByLabelText('Payment Date'))
    await user.click(await screen.findByText('Today'))
    await user.click(send())

    const code = await dialog('OTP Verification')
    expect(within(code).getByTestId('schedule-approval-summary')).toHaveTextContent('2 payments')
    expect(calls[0].path).toBe(`${BASE}/bulk`)
    const body = calls[0].body as { bulkScheduleTransfer: unknown[]; schedulePaymentSetting: { schedulePaymentDate: string; continuous: boolean } }
    expect(body.bulkScheduleTransfer).toHaveLength(2)
    expect(body.schedulePaymentSetting.continuous).toBe(false)
    expect(body.schedulePaymentSetting.schedulePaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await typeCode(user, '123456', code)
    expect(await screen.findByText(SCHEDULE_APPROVED)).toBeInTheDocument()
    // The batch is cleared for the next one.
    await waitFor(() => expect(screen.queryByTestId('bulk-total')).not.toBeInTheDocument())
  })
})
