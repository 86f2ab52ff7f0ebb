/**
 * Test environment: jest-dom matchers, the MSW server with the app's own
 * handlers (unknown calls fail the test), a width-aware matchMedia, and a
 * clean slate (storage, stores, mocks) between tests.
 */
// First: Redux Toolkit keeps the requestAnimationFrame it finds when it loads (test/frames).
import './frames'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { server } from '../mocks/server'
import { resetMockSessions } from '../mocks/session'
import { clearOverrides } from '../mocks/forcing/overrides'
import { navigation } from '../lib/navigation'
import { DESKTOP_WIDTH, disposeTestStores, setWindowWidth } from './renderWithProviders'
import { loadAllFeatureStates } from '../app/store'

// `findBy…` and `waitFor` wait for a state, never for a time: their 1 s default failed tests
// on a loaded 2-core machine (scripts/test runs other suites beside this one). A state that
// never comes still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 })

/** Evaluates `(min-width: Npx)` / `(max-width: Npx)` clauses against window.innerWidth. */
function matches(query: string): boolean {
  const width = window.innerWidth
  const clauses = query.split(/\band\b/i)
  return clauses.every((clause) => {
    const min = /min-width:\s*([\d.]+)px/.exec(clause)
    const max = /max-width:\s*([\d.]+)px/.exec(clause)
    if (min) return width >= Number(min[1])
    if (max) return width <= Number(max[1])
    return false
  })
}

/**
 * A media query list that answers from the current width and, like a browser's, tells its
 * listeners when a resize changes its answer. The app's media-query hooks (lib/useIsMobile,
 * lib/useBreakpoints) and antd's Grid subscribe once and then trust the events, so a
 * stand-in that never fired `change` left a mounted component at the width it first read.
 */
class MediaQueryListStandIn {
  readonly media: string
  onchange: ((event: MediaQueryListEvent) => void) | null = null
  private readonly listeners = new Set<(event: MediaQueryListEvent) => void>()
  private lastAnswer: boolean

  constructor(media: string) {
    this.media = media
    this.lastAnswer = matches(media)
  }

  get matches() {
    return matches(this.media)
  }

  addListener(listener: (event: MediaQueryListEvent) => void) {
    this.listeners.add(listener)
    listening.add(this)
  }

  removeListener(listener: (event: MediaQueryListEvent) => void) {
    this.listeners.delete(listener)
    if (!this.listeners.size) listening.delete(this)
  }

  addEventListener(_type: 'change', listener: (event: MediaQueryListEvent) => void) {
    this.addListener(listener)
  }

  removeEventListener(_type: 'change', listener: (event: MediaQueryListEvent) => void) {
    this.removeListener(listener)
  }

  dispatchEvent() {
    return true
  }

  /** Called on each resize: tells the listeners if the answer changed. */
  answerChanged() {
    const answer = this.matches
    if (answer === this.lastAnswer) return
    this.lastAnswer = answer
    const event = { matches: answer, media: this.media } as MediaQueryListEvent
    this.onchange?.(event)
    for (const listener of [...this.listeners]) listener(event)
  }
}

// The lists someone listens to. Kept on globalThis, and the resize listener installed once:
// with `isolate: false` this file runs again before each test file, and a list made while an
// earlier file ran must still hear the next file's resizes.
const shared = globalThis as typeof globalThis & { koboMediaLists?: Set<MediaQueryListStandIn> }
const listening = shared.koboMediaLists ?? new Set<MediaQueryListStandIn>()
if (!shared.koboMediaLists) {
  shared.koboMediaLists = listening
  window.addEventListener('resize', () => {
    for (const list of [...listening]) list.answerChanged()
  })
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => new MediaQueryListStandIn(query),
})

// jsdom has no ResizeObserver; antd's overlays only need it to exist.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}

// jsdom has no object URLs. Tests that read what was made spy on these (vi.spyOn), and the
// spies are undone after each test, so one file's stand-in never meets another file's test.
if (!('createObjectURL' in URL)) {
  Object.defineProperty(URL, 'createObjectURL', { writable: true, configurable: true, value: () => 'blob:test' })
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, configurable: true, value: () => undefined })
}

// Installed once, should files ever share one jsdom (`isolate: false` runs this file again
// before each of them: docs/frontend.md, "How long the tests take").
const installed = globalThis as typeof globalThis & { koboStyleCacheInstalled?: boolean }
if (!installed.koboStyleCacheInstalled) {
  installed.koboStyleCacheInstalled = true
  cacheComputedStyles()
}

/**
 * jsdom recomputes an element's style, and its ancestors' for inherited properties, on every
 * call: Testing Library's role queries (is it hidden?) and user-event's pointer-events check
 * ask for it up the tree dozens of times per step (a fifth of the bills file's time, profiled).
 * The answer only changes when the DOM does, so it is kept until the next mutation or resize.
 * jsdom does not implement pseudo-element styles (antd asks for them when measuring
 * scrollbars): those calls get the element's own.
 */
function cacheComputedStyles() {
  const realGetComputedStyle = window.getComputedStyle.bind(window)
  let stylesSeen = new WeakMap<Element, CSSStyleDeclaration>()
  const domChanges = new MutationObserver(() => undefined)
  domChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  window.addEventListener('resize', () => (stylesSeen = new WeakMap()))
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (pseudo) return realGetComputedStyle(element)
    if (domChanges.takeRecords().length) stylesSeen = new WeakMap()
    let style = stylesSeen.get(element)
    if (!style) {
      style = realGetComputedStyle(element)
      stylesSeen.set(element, style)
    }
    return style
  }
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  // The app loads these on first need (issue 11: a small sign-in bundle). Loading them once
  // here gives every test store all features from the start, as the store is after the first
  // signed-in page, and keeps a file's first test from waiting for the first imports.
  await Promise.all([
    loadAllFeatureStates(),
    import('../components/AntdProviders'),
    import('../app/ToastHost'),
    import('../app/layouts/ShellLayout'),
    import('../app/layouts/OnboardingLayout'),
    // Every signed-in page renders it (with antd's Alert, Empty and Skeleton) on arrival.
    import('../components/LoadState'),
    // /transfer's form, which the page loads after its first screen (TransferFormPicture.tsx).
    import('../features/transfers/components/TransferForm'),
  ])
})

beforeEach(() => {
  // A full page load cannot happen in jsdom; tests assert on this spy instead.
  vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  disposeTestStores()
  server.resetHandlers()
  resetMockSessions()
  // Outcomes a test forced on the mock bank (mocks/forcing) are kept in memory, not in the
  // storage cleared below.
  clearOverrides()
  window.localStorage.clear()
  // The dashboard's kept answer (issue 43) and the chunk-reload mark live in the tab's storage.
  window.sessionStorage.clear()
  navigation.bind(null)
  // The layout tests set a phone's width; the next test starts at the desktop's again.
  if (window.innerWidth !== DESKTOP_WIDTH) setWindowWidth(DESKTOP_WIDTH)
  vi.restoreAllMocks()
  vi.useRealTimers()
})

afterAll(() => server.close())
