/**
 * Renders the real app (routes, providers, sagas) at a given URL with a fresh
 * store per test, backed by the MSW handlers. Returns the store and router so
 * tests can assert on state and location.
 */
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/AppProviders'
import { makeStore, type AppStore, type RootState } from '../app/store'
import { routes } from '../app/routes'
import { navigation } from '../lib/navigation'
import { initialAppState } from '../store/appSlice'
import type { SessionResponse } from '../api/types'
import { personas, userIdOf, userUUIDOf } from '../mocks/personas'
import { tokenFor } from '../mocks/session'

/** jsdom's own width; setup.ts puts it back after each test. */
export const DESKTOP_WIDTH = 1024

/**
 * Sets the width media queries and antd see (jsdom has no layout of its own), and tells
 * them as a browser would: a resize, on which the matchMedia stand-in (test/setup.ts) calls
 * the listeners whose answer changed.
 */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
  window.dispatchEvent(new Event('resize'))
}

const liveStores: AppStore[] = []

/** Stops the sagas of every store made by this helper (called after each test). */
export function disposeTestStores() {
  while (liveStores.length) liveStores.pop()?.stop()
}

export function createTestStore(preloadedState?: Partial<RootState>): AppStore {
  const store = makeStore(preloadedState)
  liveStores.push(store)
  return store
}

interface Options {
  route?: string
  preloadedState?: Partial<RootState>
  store?: AppStore
  /** Pass `{ advanceTimers: vi.advanceTimersByTime }` when the test uses fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0]
}

export function renderWithProviders({ route = '/', preloadedState, store, userEventOptions }: Options = {}) {
  const testStore = store ?? createTestStore(preloadedState)
  const router = createMemoryRouter(routes, { initialEntries: [route] })
  navigation.bind((to, opts) => void router.navigate(to, opts))
  const user = userEvent.setup(userEventOptions)
  const view = render(
    <AppProviders store={testStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, store: testStore, router, user }
}

/** A signed-in session for a persona of the fixtures, as the BFF would return it. */
export function sessionFor(personaKey: string, overrides: Partial<SessionResponse> = {}): SessionResponse {
  const persona = personas.find((p) => p.key === personaKey)
  if (!persona?.internetBanking) throw new Error(`No internet-banking persona "${personaKey}"`)
  return {
    tokenDTO: { accessToken: tokenFor(persona), tokenType: 'Bearer', expiresIn: 300 },
    onboardingComplete: persona.internetBanking.onboardingComplete,
    role: persona.internetBanking.role,
    userId: userIdOf(persona),
    userUUID: userUUIDOf(persona),
    firstName: persona.firstName,
    lastName: persona.lastName,
    email: persona.email,
    phoneNumber: persona.phoneNumber,
    twoFactorAuthentication: persona.internetBanking.twoFactorAuthentication,
    ...overrides,
  }
}

/** Preloaded state with `personaKey` signed in. */
export function signedInState(personaKey = 'ada', overrides: Partial<SessionResponse> = {}): Partial<RootState> {
  return { app: { ...initialAppState, userInfo: sessionFor(personaKey, overrides) } }
}
