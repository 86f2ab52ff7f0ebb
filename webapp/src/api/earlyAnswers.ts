/**
 * Early answers for a page opened by address (issues 23 and 43). index.html's first script
 * (src/earlyFetch.ts) starts the GET requests of the first screen before any of the app's
 * code has downloaded; start-up adopts them here (app/firstScreenData.ts), and the first read
 * of the same endpoint with the same token (RTK Query's base query, api/koboApi.ts) then
 * takes that answer instead of asking again, so the data no longer waits for the code.
 *
 * An answer is taken at most once, only within MAX_AGE_MS of its start, and
 * every write (any call that is not a GET) drops those not yet taken: nothing
 * asked after a transfer can be answered from before it.
 */
import { answerOf, runEndpoint, type ApiResult, type Endpoint } from './client'
import type { EarlyFetch } from '../earlyFetch'

const MAX_AGE_MS = 10_000

interface EarlyAnswer {
  token: string
  startedAt: number
  answer: Promise<ApiResult<unknown>>
}

const pending = new Map<string, EarlyAnswer>()

function keyOf(endpoint: Endpoint<unknown>): string | null {
  // Only plain GETs: a query or a body would have to match too, and no first screen needs one.
  if (endpoint.method !== 'GET' || endpoint.query || endpoint.body !== undefined) return null
  return endpoint.path
}

/** Takes over the requests index.html started (src/earlyFetch.ts) for this session's token. */
export function adoptEarlyFetches(fetches: EarlyFetch[], token: string): void {
  for (const early of fetches) {
    if (early.token !== token) continue
    const answer = answerOf(early.response, () => early.signal.aborted)
    pending.set(early.path, { token, startedAt: early.startedAt, answer })
  }
}

/** The early answer for this call, if one was started for it and is still fresh; null otherwise. */
export function takeEarlyAnswer<T>(endpoint: Endpoint<T>, token: string | null): Promise<ApiResult<T>> | null {
  const key = keyOf(endpoint)
  if (key === null) {
    if (endpoint.method !== 'GET') pending.clear()
    return null
  }
  const early = pending.get(key)
  if (!early) return null
  pending.delete(key)
  if (early.token !== token || Date.now() - early.startedAt > MAX_AGE_MS) return null
  return early.answer as Promise<ApiResult<T>>
}

/**
 * The early answer for this endpoint, without taking it (tests: what is left once the page's
 * read has taken it); null when none was started.
 */
export function peekEarlyAnswer<T>(endpoint: Endpoint<T>): Promise<ApiResult<T>> | null {
  const key = keyOf(endpoint)
  return key === null ? null : ((pending.get(key)?.answer as Promise<ApiResult<T>> | undefined) ?? null)
}

/** Drops every answer not yet taken (tests; sign-out). */
export function dropEarlyAnswers(): void {
  pending.clear()
}

/** The early answer for this call if one is waiting (and the call is a GET), else a new request. */
export function request<T>(endpoint: Endpoint<T>, token: string | null): Promise<ApiResult<T>> {
  return takeEarlyAnswer(endpoint, token) ?? runEndpoint(endpoint, token)
}
