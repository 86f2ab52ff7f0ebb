/**
 * Disputes and freezing against the MSW bank: "Report a problem" from transaction details (an
 * instant answer for a failed payment, a tracking number and a countdown otherwise, 409 for a
 * second open report, the freeze offer for "I did not make this payment"), the linked status on
 * details, Customer Service's reported problems (loading, failed with Retry, empty), and
 * Settings' freeze card.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { server } from '../../mocks/server'
import { problem, tokenFor } from '../../mocks/session'
import { personas } from '../../mocks/personas'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, setUpMoneyTests } from '../../features/transfers/testUtils'
import { timeLeft } from './countdown'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const rows = () => screen.queryAllByTestId('history-row')

async function openDetailsOf(text: string, status?: string) {
  const view = renderWithProviders({ route: '/transaction-history', preloadedState: signedInState('ada') })
  await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  if (status) {
    await choose(view.user, screen.getByLabelText('Status'), status)
    await waitFor(() => expect(rows().every((r) => within(r).queryByText(status))).toBe(true))
  }
  const row = rows().find((r) => r.textContent!.includes(text)) ?? rows()[0]
  await view.user.click(row)
  await screen.findByTestId('transaction-details')
  return view
}

describe('timeLeft', () => {
  it('counts days and hours, then hours and minutes, and says when it is late', () => {
    const now = Date.parse('2026-11-28T10:00:00+01:00')
    expect(timeLeft('2026-12-01T12:30:00+01:00', now)).toEqual({ text: '3 days 2 hours left', late: false })
    expect(timeLeft('2026-11-28T11:01:00+01:00', now)).toEqual({ text: '1 hour 1 minute left', late: false })
    expect(timeLeft('2026-11-28T10:00:30+01:00', now)).toEqual({ text: '1 minute left', late: false })
    expect(timeLeft('2026-11-28T09:59:00+01:00', now)).toEqual({ text: 'Past its answer-by time', late: true })
  })
})

describe('Report a problem', () => {
  it('answers "debited but it failed" on a failed payment at once, and details show it', async () => {
    const { user } = await openDetailsOf('Adaeze Nwosu', 'Failed')
    await user.click(screen.getByTestId('report-problem'))
    const form = await dialog('Report a problem with this payment')
    await user.click(within(form).getByLabelText('I was debited but it failed'))
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const done = await screen.findByTestId('report-done')
    expect(done).toHaveTextContent(/Your money was not taken: the ₦45,000\.00 hold was released on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\./)
    expect(within(done).getByTestId('dispute-status')).toHaveTextContent('Answered')
    expect(within(done).getByTestId('tracking-number')).toHaveTextContent(/^KOBO-DSP-\d{6}-[A-Z2-9]{6}$/)
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    const linked = await screen.findByTestId('linked-dispute')
    expect(linked).toHaveTextContent('Answered')
    expect(within(linked).getByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', expect.stringMatching(/^\/customer-service\/\d+$/))
  })

  it('gives a tracking number and answer-by time, refuses a second open report, and needs a reason', async () => {
    const { user } = await openDetailsOf('')
    await user.click(screen.getByTestId('report-problem'))
    let form = await dialog('Report a problem with this payment')
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    expect(await within(form).findByText('Choose what went wrong')).toBeInTheDocument()
    await user.click(within(form).getByLabelText('The recipient has not received it'))
    await user.type(within(form).getByLabelText('Tell us more (optional)'), 'Nothing arrived.')
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const done = await screen.findByTestId('report-done')
    expect(done).toHaveTextContent(/We will answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT/)
    expect(within(done).getByTestId('dispute-status')).toHaveTextContent('Received')
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    expect(await screen.findByTestId('linked-dispute')).toHaveTextContent(/left/)

    await user.click(screen.getByTestId('report-problem'))
    form = await dialog('Report a problem with this payment')
    await user.click(within(form).getByLabelText('Wrong amount'))
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    expect(await within(form).findByText(/You have already reported a problem with this payment \(KOBO-DSP-/)).toBeInTheDocument()
  })

  it('offers to freeze the account for "I did not make this payment", at once and without a code', async () => {
    const { user } = await openDetailsOf('')
    await user.click(screen.getByTestId('report-problem'))
    const form = await dialog('Report a problem with this payment')
    await user.click(within(form).getByLabelText('I did not make this payment'))
    const offer = await within(form).findByTestId('freeze-offer')
    await user.click(within(offer).getByRole('button', { name: /Freeze my account now/ }))
    expect(await within(form).findByTestId('freeze-done')).toHaveTextContent('Your account is frozen. No money can leave it')
  })
})

describe('Customer Service: reported problems', () => {
  it('lists a reported problem with its payment, status and countdown, beside the tickets', async () => {
    const { user, router } = await openDetailsOf('')
    await user.click(screen.getByTestId('report-problem'))
    const form = await dialog('Report a problem with this payment')
    await user.click(within(form).getByLabelText('Something else'))
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const number = (await screen.findByTestId('tracking-number')).textContent!
    await router.navigate('/customer-service')
    const box = await screen.findByTestId('disputes')
    const row = await within(box).findByTestId('dispute-row')
    expect(row).toHaveTextContent('Something else')
    expect(row).toHaveTextContent(number)
    expect(within(row).getByTestId('dispute-status')).toHaveTextContent('Received')
    expect(within(row).getByTestId('dispute-countdown')).toHaveTextContent(/Answer by .* WAT · 2 days 23 hours left|3 days 0 hours left/)
    expect(within(row).getByRole('link', { name: /^₦/ })).toHaveAttribute('href', expect.stringMatching(/^\/transaction-history\?reference=/))
    expect(within(row).getByRole('link', { name: 'Conversation' })).toHaveAttribute('href', expect.stringMatching(/^\/customer-service\/\d+$/))
    // The tickets are still there below.
    expect((await screen.findAllByTestId('ticket-row')).length).toBeGreaterThan(0)
  })

  it('shows a failed load with Retry, then the empty state', async () => {
    server.use(http.get('/api/disputes', () => problem(500, 'Something broke on our side', 'Internal Server Error'), { once: true }))
    const { user } = renderWithProviders({ route: '/customer-service', preloadedState: signedInState('ada') })
    const box = await screen.findByTestId('disputes')
    expect(await within(box).findByText('We could not load your reported problems')).toBeInTheDocument()
    await user.click(within(box).getByRole('button', { name: /Retry/ }))
    expect(await within(box).findByText(/No reported problems/)).toBeInTheDocument()
  })
})

describe('Settings: freezing', () => {
  it('freezes, shows the state, and unfreezes with a new password and a code', async () => {
    const { user } = renderWithProviders({ route: '/settings', preloadedState: signedInState('ada') })
    const card = await screen.findByTestId('freeze-card')
    await user.click(await within(card).findByRole('button', { name: /Freeze my account now/ }))
    expect(await within(card).findByTestId('frozen-state')).toHaveTextContent(/Your account is frozen since \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT/)
    await user.type(within(card).getByLabelText('New password'), 'Fresh#Kobo2027')
    await user.type(within(card).getByLabelText('Confirm new password'), 'Fresh#Kobo2027')
    await user.click(within(card).getByRole('button', { name: 'Send me a code' }))
    expect(await within(card).findByText(/Enter the OTP sent/)).toBeInTheDocument()
    await user.keyboard('123456')
    await user.click(within(card).getByRole('button', { name: /Unfreeze my account/ }))
    expect(await within(card).findByTestId('unfrozen')).toBeInTheDocument()
  })
})

describe('Settings: the freeze state fails to load', () => {
  it('says so with Retry, then shows the state', async () => {
    server.use(http.get('/api/ibanking/personal/freeze', () => problem(500, 'Something broke on our side', 'Internal Server Error'), { once: true }))
    const { user } = renderWithProviders({ route: '/settings', preloadedState: signedInState('ada') })
    const card = await screen.findByTestId('freeze-card')
    const failed = await within(card).findByTestId('load-failed')
    expect(failed).toHaveTextContent('We could not check whether your account is frozen')
    expect(failed).toHaveTextContent('Something broke on our side')
    await user.click(within(failed).getByRole('button', { name: /Retry/ }))
    expect(await within(card).findByRole('button', { name: /Freeze my account now/ })).toBeInTheDocument()
  })
})

describe('Offline: a frozen account', () => {
  it('refuses a transfer with the reason', async () => {
    const { user } = renderWithProviders({ route: '/settings', preloadedState: signedInState('ada') })
    const card = await screen.findByTestId('freeze-card')
    await user.click(await within(card).findByRole('button', { name: /Freeze my account now/ }))
    await within(card).findByTestId('frozen-state')
    const ada = personas.find((p) => p.key === 'ada')!
    const headers = { Authorization: `Bearer ${tokenFor(ada)}`, 'Content-Type': 'application/json' }
    const body = JSON.stringify({ sourceAccountNumber: '1020000115', destinationAccountNumber: '1020000218', amount: 100 })
    const refused = await fetch(`${window.location.origin}/api/transfer/intrabank`, { method: 'POST', headers, body })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Your account is frozen/)
  })
})
