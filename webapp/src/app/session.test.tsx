import { act, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { server } from '../mocks/server'
import { problem } from '../mocks/session'
import { renderWithProviders, sessionFor, signedInState, createTestStore } from '../test/renderWithProviders'
import { navigation } from '../lib/navigation'
import { APP_MODE_KEY, USER_INFO_KEY } from './sessionStorage'
import { INACTIVITY_LIMIT, INACTIVITY_TICK_MS, nextInactivityCount } from './inactivity'
import { setUserInfo } from '../store/appSlice'

function storeSession(personaKey = 'ada', overrides = {}) {
  window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(sessionFor(personaKey, overrides)))
  window.localStorage.setItem(APP_MODE_KEY, 'personal')
}

describe('session', () => {
  it('restores the saved session on start', async () => {
    storeSession()
    const { store } = renderWithProviders({ route: '/home' })
    expect(store.getState().app.userInfo?.firstName).toBe('Ada')
    expect(await screen.findByRole('heading', { name: 'Welcome Ada' })).toBeInTheDocument()
  })

  it('starts signed out when nothing (or garbage) is stored', () => {
    window.localStorage.setItem(USER_INFO_KEY, '{not json')
    expect(createTestStore().getState().app.userInfo).toBeNull()
  })

  it('merges new fields into userInfo and saves them', async () => {
    const store = createTestStore(signedInState())
    store.dispatch(setUserInfo({ onboardingComplete: false }))
    const state = store.getState().app.userInfo
    expect(state?.firstName).toBe('Ada')
    expect(state?.onboardingComplete).toBe(false)
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(USER_INFO_KEY) ?? '{}')).toMatchObject({
        firstName: 'Ada',
        onboardingComplete: false,
      }),
    )
  })

  it('redirects to / when a logged-in page is opened without a session', async () => {
    const { router } = renderWithProviders({ route: '/transfer' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
  })

  it('logs out from the user menu: revokes the token, clears storage and reloads at /', async () => {
    storeSession()
    let revoked: string | null = null
    server.use(
      http.post('/auth/ibanking/personal/logout', ({ request }) => {
        revoked = request.headers.get('Authorization')
        return new Response(null, { status: 204 })
      }),
    )
    const { user, store } = renderWithProviders({ route: '/home' })
    await user.click(await screen.findByRole('button', { name: /user menu/i }))
    await user.click(await screen.findByText('Logout'))
    await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledWith('/'))
    expect(revoked).toBe('Bearer mock-token.ada')
    expect(store.getState().app.userInfo).toBeNull()
    expect(window.localStorage.getItem(USER_INFO_KEY)).toBeNull()
    expect(window.localStorage.getItem(APP_MODE_KEY)).toBeNull()
  })

  it('sends an administrator to /admin/auth after logout', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('admin') })
    await user.click(await screen.findByRole('button', { name: /user menu/i }))
    await user.click(await screen.findByText('Logout'))
    await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledWith('/admin/auth'))
  })

  it('clears the session when any call answers 401', async () => {
    storeSession()
    server.use(http.get('/api/client-summary', () => problem(401, 'Your session has expired. Please log in again.')))
    const { store } = renderWithProviders({ route: '/home' })
    await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledWith('/'))
    expect(store.getState().app.userInfo).toBeNull()
    expect(window.localStorage.getItem(USER_INFO_KEY)).toBeNull()
  })

  it('clears the session when a call answers 403', async () => {
    storeSession()
    server.use(http.get('/api/client-summary', () => problem(403, 'Forbidden')))
    const { store } = renderWithProviders({ route: '/home' })
    await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledTimes(1))
    expect(store.getState().app.userInfo).toBeNull()
  })

  it('does not treat a failed login (401) as an expired session', async () => {
    const { user } = renderWithProviders({ route: '/' })
    await user.type(await screen.findByLabelText('Email or Phone Number'), 'nobody@example.com')
    await user.type(screen.getByLabelText('Password'), 'whatever')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument()
    expect(navigation.hardNavigate).not.toHaveBeenCalled()
  })
})

describe('inactivity', () => {
  it('counts a minute as idle when the tab is hidden or nothing happened', () => {
    expect(nextInactivityCount(0, false, false)).toBe(1)
    expect(nextInactivityCount(2, true, true)).toBe(3)
    expect(nextInactivityCount(3, false, true)).toBe(0)
  })

  it('logs out after five idle one-minute ticks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const store = createTestStore(signedInState())
    renderWithProviders({ route: '/settings', store })
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(INACTIVITY_TICK_MS * (INACTIVITY_LIMIT - 1) + 1000)
    })
    expect(store.getState().app.userInfo).not.toBeNull()
    expect(navigation.hardNavigate).not.toHaveBeenCalled()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(INACTIVITY_TICK_MS)
    })
    await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledWith('/'))
    expect(store.getState().app.userInfo).toBeNull()
  })

  it('activity during a minute resets the count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const store = createTestStore(signedInState())
    renderWithProviders({ route: '/settings', store })
    await screen.findByRole('heading', { name: 'Settings' })

    for (let minute = 0; minute < INACTIVITY_LIMIT + 2; minute += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(INACTIVITY_TICK_MS / 2)
        window.dispatchEvent(new Event('mousemove'))
        await vi.advanceTimersByTimeAsync(INACTIVITY_TICK_MS / 2)
      })
    }
    expect(navigation.hardNavigate).not.toHaveBeenCalled()
    expect(store.getState().app.userInfo).not.toBeNull()
    // Within the shell the navigation is still there.
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getAllByRole('link').length).toBeGreaterThan(0)
  })
})
