import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestStore, renderWithProviders, sessionFor, signedInState } from '../test/renderWithProviders'
import { selectAccessToken } from '../store/appSlice'
import { dropEarlyAnswers, peekEarlyAnswer } from '../api/earlyAnswers'
import { clientSummaryEndpoint } from '../store/accounts/api'
import { accountsApi } from '../store/accounts/reads'
import { adoptFirstScreenRequests } from './firstScreenData'
import { EARLY_FETCH_TIMEOUT_MS, FIRST_SCREEN_PATHS, SAVED_SESSION_KEY, startFirstScreen } from '../earlyFetch'
import { USER_INFO_KEY } from './sessionStorage'
import { DEFAULT_TIMEOUT_MS } from '../api/client'
import { accountsEndpoint } from '../store/accounts/api'
import { balanceEndpoint } from '../features/transfers/api'
import { banksEndpoint } from '../store/payees/api'
import { beneficiariesEndpoint } from '../store/beneficiaries/api'
import { holdPageCode, pageCodeGate, releasePageCode } from './pageCodeGate'
import { adoptPaintedFirstView } from './paintedFirstView'

/** What index.html's first script and start-up (main.tsx) do for a page opened by address,
 * with Ada signed in. */
function startUp(path: string) {
  window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(sessionFor('ada')))
  startFirstScreen(path)
  const store = createTestStore(signedInState('ada'))
  const token = selectAccessToken(store.getState())
  adoptFirstScreenRequests(token)
  adoptPaintedFirstView(!!token)
  return store
}

/** The view index.html's first script painted (src/firstPaint.ts), outside React's root. */
const firstView = () => document.querySelector('.kobo-plain-shell')

describe('the first view of a signed-in page (issues 23 and 43)', () => {
  afterEach(() => {
    window.koboFirstView?.element.remove()
    delete window.koboFirstView
    releasePageCode()
    dropEarlyAnswers()
  })

  it('shows the painted dashboard while the page’s code waits for it, then antd’s page takes its place', async () => {
    const store = startUp('/home')
    // The page's code is held until the view has painted the cards.
    let released = false
    void pageCodeGate().then(() => (released = true))
    const { container } = renderWithProviders({ route: '/home', store })

    // Painted by the first script: the heading, the card and its accounts, inert; the router's
    // fallback draws nothing over it (no Kobo mark).
    await waitFor(() => expect(firstView()?.querySelectorAll('[data-testid="account-card"]').length).toBeGreaterThan(0))
    const view = firstView()!
    expect(container.contains(view)).toBe(false)
    expect(view.hasAttribute('inert')).toBe(true)
    expect(view.querySelector('h1')?.textContent).toBe('Welcome Ada')
    expect(view.textContent).toContain('My Accounts')
    expect(screen.queryByRole('status', { name: 'Loading Kobo' })).toBeNull()
    await waitFor(() => expect(released).toBe(true))

    // Then the page's code loads and the real page replaces it, in the same commit.
    await waitFor(() => expect(container.querySelector('h1.ant-typography')).toHaveTextContent('Welcome Ada'), { timeout: 10_000 })
    expect(firstView()).toBeNull()
    expect(window.koboFirstView).toBeUndefined()
    expect(document.querySelector('.ant-card')).not.toBeNull()
    // The page's read took the early answer: none is left behind.
    await waitFor(() => expect(peekEarlyAnswer(clientSummaryEndpoint())).toBeNull())
  })

  it('the summary asked for early is in the store as soon as the signed-in core is, before /home renders', async () => {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(sessionFor('ada')))
    startFirstScreen('/home')
    adoptFirstScreenRequests(sessionFor('ada').tokenDTO.accessToken)
    // A store that gets the signed-in core (as start-up's does when the route's code loads).
    const store = createTestStore(signedInState('ada'))
    await waitFor(() => expect(accountsApi.endpoints.dashboard.select()(store.getState()).status).toBe('fulfilled'))
    expect(accountsApi.endpoints.dashboard.select()(store.getState()).data?.accounts.length).toBeGreaterThan(0)
    // It took the early answer: the page will not ask again.
    expect(peekEarlyAnswer(clientSummaryEndpoint())).toBeNull()
  })

  it('shows the transfer page’s painted heading until antd’s page takes its place', async () => {
    const store = startUp('/transfer')
    renderWithProviders({ route: '/transfer', store })
    expect(firstView()?.querySelector('h1')?.textContent).toBe('Make A Transfer')
    expect(firstView()!.textContent).toContain('Send money to anyone, at Kobo or any Nigerian bank')
    expect(await screen.findByRole('tab', { name: 'Intra Bank Transfer' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(firstView()).toBeNull()
  })

  it('start-up removes a painted view it finds signed out', () => {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(sessionFor('ada')))
    startFirstScreen('/home')
    expect(firstView()).not.toBeNull()
    adoptPaintedFirstView(false)
    expect(firstView()).toBeNull()
    expect(window.koboFirstView).toBeUndefined()
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
