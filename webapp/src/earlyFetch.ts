/**
 * The first screen's data, asked for by index.html's first script (issue 43): a signed-in
 * page opened by address (/home, /transfer) starts its GET requests here, a few hundred bytes
 * after the HTML, instead of once the start-up bundle has downloaded and run. On a crowded
 * 3G cell that bundle takes seconds; the summary's round trips now happen while it arrives.
 * Start-up hands these requests to the pages' reads (app/firstScreenData.ts,
 * api/earlyAnswers.ts), which take each answer at most once, for the same session only.
 *
 * This file is its own entry (index.html) and imports nothing, so that it stays one small
 * file: the storage key and the paths are written out here, and FirstView.test.tsx checks
 * them against the app's (USER_INFO_KEY, each page's reads).
 */

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

function savedToken(): string | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SAVED_SESSION_KEY) ?? 'null') as {
      tokenDTO?: { accessToken?: unknown }
    } | null
    const token = saved?.tokenDTO?.accessToken
    return typeof token === 'string' && token ? token : null
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

// In mock mode MSW's worker is not running yet: the page's reads ask once it is.
if (import.meta.env.VITE_MSW !== 'true') {
  window.koboEarlyFetches = startEarlyFetches(window.location.pathname, savedToken())
}
