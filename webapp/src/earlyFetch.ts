/**
 * The first screen's data, asked for by index.html's first script (issue 43): a signed-in
 * page opened by address (/home, /transfer) starts its GET requests here, a few hundred bytes
 * after the HTML, instead of once the start-up bundle has downloaded and run. On a crowded
 * 3G cell that bundle takes seconds; the summary's round trips now happen while it arrives.
 * Start-up hands these requests to the pages' reads (app/firstScreenData.ts,
 * api/earlyAnswers.ts), which take each answer at most once, for the same session only.
 *
 * It then paints the page's first view itself (firstPaint.ts): the shell's frame and the
 * heading at once, /home's account cards when the summary answers; and then runs the app's
 * start-up bundle, which the HTML has been downloading meanwhile (startApp).
 *
 * This file is its own entry (index.html) and imports nothing but firstPaint.ts, so that the
 * two stay one small file (vite.config.ts): the storage key and the paths are written out
 * here, and app/FirstView.test.tsx checks them against the app's (USER_INFO_KEY, each page's reads).
 */
import { paintFirstView, type SavedUser } from './firstPaint'

export interface EarlyFetch {
  path: string
  token: string
  startedAt: number
  response: Promise<Response>
  /** Aborts after EARLY_FETCH_TIMEOUT_MS, as every call's own deadline does (api/client.ts). */
  signal: AbortSignal
}

declare global {
  interface Window {
    /** The requests this script started, until start-up takes them (main.tsx). */
    koboEarlyFetches?: EarlyFetch[]
  }
}

/** The GETs each first screen makes when it mounts (a path left out is simply asked later). */
export const FIRST_SCREEN_PATHS: Record<string, string[]> = {
  '/home': ['/api/client-summary'],
  '/transfer': ['/api/transfer/balance', '/api/transfer/banks', '/api/beneficiaries', '/api/accounts'],
}

/** The saved session's key in localStorage (app/sessionStorage.ts: USER_INFO_KEY). */
export const SAVED_SESSION_KEY = 'userInfo'

/** api/client.ts's DEFAULT_TIMEOUT_MS. */
export const EARLY_FETCH_TIMEOUT_MS = 30_000

/** The saved session, if it has a token (app/sessionStorage.ts, appSlice's selectAccessToken). */
export function savedSession(): { token: string; user: SavedUser } | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SAVED_SESSION_KEY) ?? 'null') as
      | (SavedUser & { tokenDTO?: { accessToken?: unknown } })
      | null
    const token = saved?.tokenDTO?.accessToken
    return typeof token === 'string' && token ? { token, user: saved! } : null
  } catch {
    // A corrupt or unreadable entry: start-up treats it as signed out too.
    return null
  }
}

/** Starts the first screen's requests for `pathname` with `token`; none without a session. */
export function startEarlyFetches(pathname: string, token: string | null): EarlyFetch[] {
  const paths = FIRST_SCREEN_PATHS[pathname.replace(/\/+$/, '')]
  if (!token || !paths) return []
  const base = import.meta.env.VITE_API_BASE_URL ?? ''
  return paths.map((path) => {
    const signal = AbortSignal.timeout(EARLY_FETCH_TIMEOUT_MS)
    const response = fetch(base + path, {
      headers: { Accept: 'application/json, application/problem+json', Authorization: `Bearer ${token}` },
      signal,
    })
    // Nobody may take it (a page that signs out first): a failure must not be "unhandled".
    response.catch(() => undefined)
    return { path, token, startedAt: Date.now(), response, signal }
  })
}

/**
 * The body of /home's summary answer as the first view reads it: null unless it is a 200
 * with JSON. A copy (`clone`), taken before start-up's reads can take the answer itself.
 */
export function summaryBody(fetches: EarlyFetch[]): Promise<unknown> | null {
  const early = fetches.find(({ path }) => path === FIRST_SCREEN_PATHS['/home'][0])
  if (!early) return null
  return early.response.then((response) => (response.ok ? response.clone().json() : null)).catch(() => null)
}

/**
 * Runs `then` once the page is parsed, at once if it is. In a build this script is a classic
 * one at the top of the head (build-plugins/earlyFetch.ts), so it runs before the rest of the
 * page has arrived: the requests leave at once, the painting waits for the body.
 */
function afterParsing(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true })
  else then()
}

/** What index.html's first script does: start the page's requests, then paint its first view. */
export function startFirstScreen(pathname: string): void {
  const session = savedSession()
  if (!session) return
  // In mock mode MSW's worker is not running yet: the page's reads ask once it is, and the
  // first view is the frame and the heading alone.
  const fetches = import.meta.env.VITE_MSW === 'true' ? [] : startEarlyFetches(pathname, session.token)
  window.koboEarlyFetches = fetches
  const summary = summaryBody(fetches)
  afterParsing(() => {
    try {
      window.koboFirstView = paintFirstView(pathname, session.user, summary) ?? undefined
    } catch {
      dropFirstScreen()
    }
  })
}

/** Takes the painted first view off the page (start-up then draws the page on its own). */
function discardFirstView(): void {
  window.koboFirstView?.element.remove()
  window.koboFirstView = undefined
}

/**
 * A first view that cannot be drawn (an odd saved session, a browser without an API it
 * uses) must never keep the app from starting: the page is then drawn by the app alone.
 */
function dropFirstScreen(): void {
  discardFirstView()
  window.koboEarlyFetches = undefined
}

/** At the latest this long after this script ran, the app runs, even if the view still waits for the summary. */
export const APP_MAX_WAIT_MS = 2000

/**
 * Runs the start-up bundle, which index.html preloads but leaves to this script in a build
 * (`data-app`, build-plugins/earlyFetch.ts): at once, or once the first view has painted all
 * it will (at the latest after APP_MAX_WAIT_MS). On a slow phone the bundle is seconds of
 * script; run first, it would hold back the paint of the cards whose answer came meanwhile.
 */
export function startApp(app: string | undefined, painted: Promise<void> | undefined, load = (src: string) => import(/* @vite-ignore */ src)): void {
  if (!app) return // the dev server: index.html runs the app itself
  let started = false
  const start = () => {
    if (started) return
    started = true
    // Without the app's code the view would stay busy for ever: better none.
    load(app).catch(discardFirstView)
  }
  if (!painted) return start()
  void painted.then(start)
  setTimeout(start, APP_MAX_WAIT_MS)
}

try {
  startFirstScreen(window.location.pathname)
} catch {
  dropFirstScreen()
}
// After the first view's painting began (its own `afterParsing`, registered first).
afterParsing(() => startApp(document.querySelector<HTMLElement>('script[data-app]')?.dataset.app, window.koboFirstView?.painted))
