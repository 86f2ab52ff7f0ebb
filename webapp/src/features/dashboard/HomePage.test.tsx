import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { personas } from '../../mocks/personas'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { HIDDEN_AMOUNT } from '../../lib/format'
import { CARD_MOVE_DELAY_MS } from './components/AccountCardStack'
import { DASHBOARD_ERROR } from '../../store/accounts/texts'
import { DASHBOARD_FAILED } from './HomePage'
import { MAKE_A_TRANSFER, NO_RECORDS } from './components/RecentTransactionsCard'
import { summaryOf } from './mocks'
import { OFFLINE_TITLE } from '../../components/OfflineNotice'
import { RETRY_LABEL } from '../../components/LoadState'

const ADA_ACCOUNTS = ['1020000115', '1020000122', '1020000139']

function cards() {
  return screen.getAllByTestId('account-card')
}
function card(accountNumber: string) {
  return cards().find((c) => c.dataset.accountNumber === accountNumber)!
}
/** Stack position from the card's z-index: the front card has the highest. */
function frontCard() {
  return [...cards()].sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0]
}

describe('Home (dashboard)', () => {
  it('greets the user and shows one card per account with balances hidden', async () => {
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    // The file's first render loads the route's code cold, which takes more than findBy's
    // default second on a loaded machine.
    expect(await screen.findByRole('heading', { name: 'Welcome Ada' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByText('User Dashboard')).toBeInTheDocument()
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(cards().map((c) => c.dataset.accountNumber)).toEqual(ADA_ACCOUNTS)
    for (const c of cards()) {
      expect(within(c).getByTestId('account-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    }
    expect(screen.getByTestId('total-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    expect(screen.queryByText('₦450,000.00')).not.toBeInTheDocument()
  })

  it("reveals one card's balance when its eye is clicked, and hides it again", async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(cards()).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Show balance of 1020000115' }))
    expect(within(card('1020000115')).getByTestId('account-balance')).toHaveTextContent('₦450,000.00')
    // The other cards stay hidden.
    expect(within(card('1020000122')).getByTestId('account-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    await user.click(screen.getByRole('button', { name: 'Hide balance of 1020000115' }))
    expect(within(card('1020000115')).getByTestId('account-balance')).toHaveTextContent(HIDDEN_AMOUNT)
  })

  it('reveals the total balance with its own eye', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await screen.findByTestId('total-balance')
    await user.click(screen.getByRole('button', { name: 'Show balance of Total Balance' }))
    // 450,000 + 1,200,000 + 250,000 naira.
    expect(screen.getByTestId('total-balance')).toHaveTextContent('₦1,900,000.00')
  })

  it('truncates the account type badge to 20 characters', async () => {
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(within(card('1020000139')).getByText('Target Savings Accou…')).toBeInTheDocument()
  })

  it('brings a clicked card to the front after 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user } = renderWithProviders({
      route: '/home',
      preloadedState: signedInState('ada'),
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    })
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(frontCard().dataset.accountNumber).toBe('1020000115')
    await user.click(card('1020000139'))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CARD_MOVE_DELAY_MS - 100)
    })
    expect(frontCard().dataset.accountNumber).toBe('1020000115')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150)
    })
    expect(frontCard().dataset.accountNumber).toBe('1020000139')
  })

  it('the account list under the stack also brings an account to the front', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    const legend = await screen.findByRole('group', { name: 'Choose an account' })
    await user.click(within(legend).getByRole('button', { name: /1020000122/ }))
    await waitFor(() => expect(frontCard().dataset.accountNumber).toBe('1020000122'))
    expect(within(legend).getByRole('button', { name: /1020000122/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('shows weekly counts, recent transactions with formatted amounts and dates, and scheduled payments', async () => {
    const { user, router } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    const recent = await screen.findByRole('list', { name: 'Recent transactions' })
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5)
    expect(within(recent).getByText('+₦150,000.00')).toBeInTheDocument()
    expect(within(recent).getByText('-₦4,500.50')).toBeInTheDocument()
    expect(within(recent).getAllByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toHaveLength(5)
    // Names, not account numbers; a failed payment moved no money: unsigned, neutral, tagged Failed.
    const titles = within(recent).getAllByTestId('recent-counterparty').map((el) => el.textContent)
    expect(titles).toContain('To Ifeoma Chukwu')
    expect(titles).toContain('From Lagos Tech Hub Ltd')
    expect(within(recent).queryByText(/0123456789/)).not.toBeInTheDocument()
    const failedRow = within(recent).getByText('To MTN').closest<HTMLElement>('[role="listitem"]')!
    expect(within(failedRow).getByTestId('recent-amount')).toHaveTextContent(/^₦1,500\.00$/)
    expect(within(failedRow).getByTestId('recent-amount')).not.toHaveClass('kobo-amount-debit')
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument()
    const pendingRow = within(recent).getByText('To Kunle Adeyemi').closest<HTMLElement>('[role="listitem"]')!
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument()
    expect(screen.getByLabelText('Completed transactions this week: 3')).toBeInTheDocument()
    expect(screen.getByLabelText('Pending transactions this week: 1')).toBeInTheDocument()
    expect(screen.getByLabelText('Failed transactions this week: 1')).toBeInTheDocument()
    expect(screen.getByText('Inwards')).toBeInTheDocument()
    expect(screen.getByText('Outwards')).toBeInTheDocument()

    const scheduled = screen.getByRole('list', { name: 'Scheduled payments' })
    // Upcoming first, then finished ones; only the completed one carries a tick.
    expect(within(scheduled).getAllByRole('listitem')).toHaveLength(4)
    expect(within(scheduled).getAllByLabelText('Completed')).toHaveLength(1)
    const items = within(scheduled).getAllByRole('listitem')
    expect(items.map((li) => li.dataset.status)).toEqual(['PENDING', 'PENDING', 'FAILED', 'COMPLETED'])
    expect(within(items[3]).getByLabelText('Completed')).toBeInTheDocument()
    // A row leads to /scheduled-payment with that payment's details open.
    await user.click(within(scheduled).getAllByRole('button')[0])
    await waitFor(() => expect(router.state.location.pathname).toBe('/scheduled-payment'))
    expect(await screen.findByTestId('schedule-details', {}, { timeout: 15_000 })).toHaveTextContent('Monthly rent share')
  }, 60_000)

  it('Transfer goes to /transfer', async () => {
    const { user, router } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await user.click(await screen.findByRole('button', { name: /Transfer/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'))
  })

  it('a 500 shows the failed state with the server detail and a Retry that loads the summary', async () => {
    failWithProblem('/api/client-summary', 'Core banking is unavailable')
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(DASHBOARD_FAILED)).toBeInTheDocument()
    // Said once, by the failed state (no toast); the failed state is not the empty one.
    expect(screen.getAllByText('Core banking is unavailable')).toHaveLength(1)
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    expect(screen.queryByTestId('account-card')).not.toBeInTheDocument()

    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure with nothing kept says "You are offline", and Retry loads the summary', async () => {
    failWithNetworkError('/api/client-summary')
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    expect(await screen.findByText(OFFLINE_TITLE, {}, { timeout: 10_000 })).toBeInTheDocument()
    // No error alert and no toast: being offline is not a failure of Kobo's.
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    expect(screen.queryByText(NETWORK_FAILURE)).not.toBeInTheDocument()
    const retry = screen.getByRole('button', { name: RETRY_LABEL })
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(cards()).toHaveLength(3))
  })

  it('falls back to the spec message when the failure has no detail', async () => {
    server.use(http.get('/api/client-summary', () => new Response('oops', { status: 502 })))
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await expectFailure(DASHBOARD_ERROR)
    expect(DASHBOARD_ERROR).toBe('An error occurred while fetching scheduled payments')
  })

  it('no recent transactions shows the empty state with Make a transfer', async () => {
    const ada = personas.find((p) => p.key === 'ada')!
    server.use(http.get('/api/client-summary', () => HttpResponse.json({ ...summaryOf(ada), recentTransactions: [] })))
    const { user, router } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    const empty = await screen.findByTestId('load-empty')
    expect(empty).toHaveTextContent(NO_RECORDS)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    await user.click(within(empty).getByRole('button', { name: MAKE_A_TRANSFER }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'))
  })
})
