import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestStore, renderWithProviders, signedInState } from '../test/renderWithProviders'
import { selectAccessToken } from '../store/appSlice'
import { dropEarlyAnswers, peekEarlyAnswer } from '../api/earlyAnswers'
import { clientSummaryEndpoint } from '../store/accounts/api'
import { adoptFirstScreenRequests } from './firstScreenData'
import { EARLY_FETCH_TIMEOUT_MS, FIRST_SCREEN_PATHS, SAVED_SESSION_KEY, startEarlyFetches } from '../earlyFetch'
import { USER_INFO_KEY } from './sessionStorage'
import { DEFAULT_TIMEOUT_MS } from '../api/client'
import { accountsEndpoint } from '../store/accounts/api'
import { balanceEndpoint } from '../features/transfers/api'
import { banksEndpoint } from '../store/payees/api'
import { beneficiariesEndpoint } from '../store/beneficiaries/api'
import { planFirstView, plannedFirstView } from './firstViewPlan'
import { holdPageCode, pageCodeGate, releasePageCode } from './pageCodeGate'

/** What index.html's first script and start-up (main.tsx) do for a page opened by address,
 * with Ada signed in. */
function startUp(path: string) {
  const store = createTestStore(signedInState('ada'))
  const token = selectAccessToken(store.getState())
  window.koboEarlyFetches = startEarlyFetches(path, token)
  adoptFirstScreenRequests(token)
  planFirstView(path, !!token)
  return store
}

const firstView = () => document.querySelector('.kobo-plain-shell')

describe('the first view of a signed-in page (issue 23)', () => {
  afterEach(() => {
    planFirstView('/', false)
    releasePageCode()
    dropEarlyAnswers()
  })

  it('draws the dashboard from the early summary, then antd’s page takes its place', async () => {
    const store = startUp('/home')
    renderWithProviders({ route: '/home', store })

    // Plain HTML from the start-up bundle: the heading, the card and its accounts, inert.
    await waitFor(() => expect(firstView()?.querySelectorAll('[data-testid="account-card"]').length).toBeGreaterThan(0))
    const view = firstView()!
    expect(view.hasAttribute('inert')).toBe(true)
    expect(view.querySelector('h1')?.textContent).toBe('Welcome Ada')
    expect(view.textContent).toContain('My Accounts')
    expect(view.querySelector('.ant-card')).toBeNull()

    // Then the page's code loads and the real page replaces it, with the same texts.
    expect(await screen.findByRole('heading', { name: 'Welcome Ada' }, { timeout: 10_000 })).toBeInTheDocument()
    await waitFor(() => expect(firstView()).toBeNull())
    expect(document.querySelector('.ant-card')).not.toBeNull()
    // The page's saga took the early answer: none is left behind.
    expect(peekEarlyAnswer(clientSummaryEndpoint())).toBeNull()
  })

  it('draws the transfer page’s heading', async () => {
    const store = startUp('/transfer')
    renderWithProviders({ route: '/transfer', store })
    await waitFor(() => expect(firstView()?.querySelector('h1')?.textContent).toBe('Make A Transfer'))
    expect(firstView()!.textContent).toContain('Send money to anyone, at Kobo or any Nigerian bank')
    expect(await screen.findByRole('tab', { name: 'Intra Bank Transfer' }, { timeout: 10_000 })).toBeInTheDocument()
    await waitFor(() => expect(firstView()).toBeNull())
  })

  it('index.html’s first script asks for what the pages read, with the saved session', () => {
    // src/earlyFetch.ts imports nothing (it is its own small file): its copies must match.
    expect(SAVED_SESSION_KEY).toBe(USER_INFO_KEY)
    expect(EARLY_FETCH_TIMEOUT_MS).toBe(DEFAULT_TIMEOUT_MS)
    expect(FIRST_SCREEN_PATHS).toEqual({
      '/home': [clientSummaryEndpoint().path],
      '/transfer': [balanceEndpoint().path, banksEndpoint().path, beneficiariesEndpoint().path, accountsEndpoint().path],
    })
  })

  it('is planned only for /home and /transfer with a session', () => {
    planFirstView('/home', false)
    expect(plannedFirstView()).toBeNull()
    planFirstView('/transaction-history', true)
    expect(plannedFirstView()).toBeNull()
    planFirstView('/transfer/', true)
    expect(plannedFirstView()).not.toBeNull()
  })

  it('holds the page’s code until the first view has painted, or at most the given time', async () => {
    holdPageCode(60_000)
    let open = false
    void pageCodeGate().then(() => (open = true))
    await new Promise((done) => setTimeout(done, 20))
    expect(open).toBe(false)
    releasePageCode()
    await pageCodeGate()

    holdPageCode(10)
    await pageCodeGate()
  })
})
