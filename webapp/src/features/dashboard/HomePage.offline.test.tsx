/**
 * Issue 43: the dashboard with no network. The tab's last answer stands in under
 * "Offline · balances as of hh:mm" (West Africa Time), money actions are off with the reason,
 * and the page refreshes by itself when the network returns.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { failWithNetworkError, restoreHandlers } from '../../test/loadFailures'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { DASHBOARD_SNAPSHOT_KEY, loadDashboardSnapshot, saveDashboardSnapshot } from '../../store/accounts/dashboardSnapshot'
import { OFFLINE_MONEY_REASON } from '../../lib/network'
import { personas } from '../../mocks/personas'
import { summaryOf } from './mocks'
import { clearStoredSession } from '../../app/sessionStorage'

const ada = personas.find((p) => p.key === 'ada')!
// 08:14 UTC is 09:14 in Lagos, whatever zone the machine running the test is in.
const KEPT_AT = Date.UTC(2026, 10, 27, 8, 14)

function reportOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
}

function setOnline(online: boolean) {
  reportOnline(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

// Without an event: a page still mounted would refresh and keep an answer for the next test.
afterEach(() => reportOnline(true))

describe('Home offline', () => {
  it('keeps the last answer for the tab when it loads', async () => {
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(3))
    const kept = loadDashboardSnapshot()
    expect(kept?.summary.accounts.map((a) => a.accountNumber)).toEqual(['1020000115', '1020000122', '1020000139'])
    expect(Date.now() - kept!.savedAt).toBeLessThan(60_000)
    // The tab's storage, never the browser's lasting one.
    expect(window.localStorage.getItem(DASHBOARD_SNAPSHOT_KEY)).toBeNull()
  })

  it('shows the kept balances labelled with their time, money actions off with the reason', async () => {
    saveDashboardSnapshot(summaryOf(ada), KEPT_AT)
    failWithNetworkError('/api/client-summary')
    setOnline(false)
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })

    const banner = await screen.findByTestId('offline-balances', {}, { timeout: 10_000 })
    expect(banner).toHaveTextContent('Offline · balances as of 09:14')
    expect(banner).toHaveTextContent(OFFLINE_MONEY_REASON)
    expect(screen.getAllByTestId('account-card')).toHaveLength(3)
    expect(screen.getByRole('button', { name: /Transfer/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Add account' })).toBeDisabled()
  })

  it('refreshes by itself when the network returns', async () => {
    saveDashboardSnapshot(summaryOf(ada), KEPT_AT)
    failWithNetworkError('/api/client-summary')
    setOnline(false)
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await screen.findByTestId('offline-balances', {}, { timeout: 10_000 })

    restoreHandlers()
    act(() => setOnline(true))
    await waitFor(() => expect(screen.queryByTestId('offline-balances')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: /Transfer/ })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Add account' })).toBeEnabled()
    expect(loadDashboardSnapshot()!.savedAt).toBeGreaterThan(KEPT_AT)
  })

  it('a server failure is not "offline": the kept balances are not shown for it', async () => {
    saveDashboardSnapshot(summaryOf(ada), KEPT_AT)
    const { expectFailure, failWithProblem } = await import('../../test/loadFailures')
    failWithProblem('/api/client-summary', 'Core banking is unavailable')
    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    // The failed state says why (a toast may say it too).
    await expectFailure('Core banking is unavailable')
    expect(screen.queryByTestId('offline-balances')).not.toBeInTheDocument()
    expect(screen.queryByTestId('account-card')).not.toBeInTheDocument()
  })

  it('sign-out removes the kept answer', () => {
    saveDashboardSnapshot(summaryOf(ada), KEPT_AT)
    clearStoredSession()
    expect(loadDashboardSnapshot()).toBeNull()
    expect(window.sessionStorage.getItem(DASHBOARD_SNAPSHOT_KEY)).toBeNull()
  })
})
