/**
 * The one API module. Every call to the BFF goes through `apiRequest`, which
 * never throws: it resolves to `{ data }` or to `{ error: { status, detail } }`.
 * Sagas can then branch on the result without try/catch, and every failure has
 * one of four shapes the UI knows how to explain (docs/contract.md §1.3):
 * an HTTP status number, FETCH_ERROR, TIMEOUT_ERROR or PARSING_ERROR.
 */

export type ApiErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR'

export interface ApiError {
  status: ApiErrorStatus
  /** The problem-details `detail` sentence when the server sent one. */
  detail?: string
  /** The parsed error body, for callers that need field errors (400 `errors`). */
  body?: unknown
}

export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError }

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * A description of one call. Feature `api.ts` files build these; the
 * `callApi` saga adds the session token and runs them. The type parameter is
 * the 2xx body type, carried only so that `callApi` can return it typed.
 */
export interface Endpoint<T> {
  method: HttpMethod
  path: string
  body?: unknown
  query?: Record<string, string | number | boolean | undefined>
  /**
   * The login call answers 401 for a wrong password; that must not be read as
   * "your session expired" (docs/contract.md §2.5). Logout skips it too, since
   * it is already ending the session.
   */
  skipSessionExpiry?: boolean
  timeoutMs?: number
  /** Phantom field: never set, only carries `T`. */
  readonly __response?: T
}

export interface RequestOptions {
  method?: HttpMethod
  body?: unknown
  query?: Endpoint<unknown>['query']
  token?: string | null
  timeoutMs?: number
  signal?: AbortSignal
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_ERROR_MESSAGE = 'An error occurred'

/**
 * Base address of the BFF. Empty means same origin: in production the BFF
 * serves the app, in development Vite proxies `/api` and `/auth` to it.
 */
const BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? ''

function buildUrl(path: string, query?: RequestOptions['query']): string {
  // fetch in Node (tests) cannot take a relative URL, so resolve it against
  // the page's origin, which is what the browser would do anyway.
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost'
  const url = new URL(BASE_URL + path, BASE_URL ? undefined : origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.toString()
}

/** Reads a problem-details `detail` out of an error body, if there is one. */
function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body as { detail: unknown }
    if (typeof detail === 'string' && detail.trim()) return detail
  }
  return undefined
}

/**
 * An abort signal that fires after `timeoutMs`, or when the caller's own signal (e.g. a
 * cancelled saga) aborts; `timedOut()` tells the two apart. `done()` clears both.
 */
function deadline(timeoutMs: number, callerSignal?: AbortSignal) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort()
  callerSignal?.addEventListener('abort', onCallerAbort)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', body, query, token, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, application/problem+json',
  }
  if (token) headers.Authorization = `Bearer ${token}`

  const request = deadline(timeoutMs, signal)
  try {
    // A request that cannot even be made (an unusable address) fails as a lost one does.
    const sent = Promise.resolve().then(() =>
      fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: request.signal,
      }),
    )
    return await answerOf<T>(sent, request.timedOut)
  } finally {
    request.done()
  }
}

/**
 * A sent request's answer as an ApiResult: the JSON body, or the error status with the
 * server's detail. `timedOut` tells a deadline from a lost connection when the request fails.
 * Every call goes through it, the ones index.html started early too (api/earlyAnswers.ts).
 */
export async function answerOf<T>(sent: Promise<Response>, timedOut: () => boolean): Promise<ApiResult<T>> {
  const failed = (): ApiResult<T> => ({ error: { status: timedOut() ? 'TIMEOUT_ERROR' : 'FETCH_ERROR' } })
  let response: Response
  let text: string
  try {
    response = await sent
    text = await response.text()
  } catch {
    return failed()
  }

  let parsed: unknown = null
  let parseFailed = false
  if (text.trim()) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parseFailed = true
    }
  }

  if (!response.ok) {
    // An unreadable error body still has a meaningful status; keep it.
    return { error: { status: response.status, detail: detailOf(parsed), body: parsed ?? undefined } }
  }
  if (parseFailed) return { error: { status: 'PARSING_ERROR' } }
  return { data: parsed as T }
}

/** Runs an `Endpoint` description. */
export function runEndpoint<T>(endpoint: Endpoint<T>, token?: string | null): Promise<ApiResult<T>> {
  return apiRequest<T>(endpoint.path, {
    method: endpoint.method,
    body: endpoint.body,
    query: endpoint.query,
    timeoutMs: endpoint.timeoutMs,
    token,
  })
}

/**
 * The sentence to show for a failed call: the server's `detail`, else the
 * screen's own fallback from the contract's error catalogue, else the generic one.
 */
export function errorMessage(error: ApiError | undefined, fallback?: string): string {
  return error?.detail || fallback || DEFAULT_ERROR_MESSAGE
}

/** Said when the request never reached the BFF (offline, DNS, a dropped connection). */
export const NETWORK_FAILURE = "We couldn't reach Kobo. Check your internet connection and try again."
/** Said when the BFF did not answer within the request's deadline. */
export const TIMEOUT_FAILURE = 'Kobo is taking too long to answer. Please try again in a moment.'

/** The problem-details `title`, unless it is the placeholder our mocks and some proxies send. */
function titleOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'title' in body) {
    const { title } = body as { title: unknown }
    if (typeof title === 'string' && title.trim() && title !== 'Error') return title
  }
  return undefined
}

/**
 * Why a screen's data could not be loaded, for the inline failed state. Unlike
 * `errorMessage` (used by toasts) it tells a network failure from a server
 * answer, since "check your connection" is the one thing the customer can act on.
 */
export function failureReason(error: ApiError, fallback?: string): string {
  if (error.status === 'FETCH_ERROR') return NETWORK_FAILURE
  if (error.status === 'TIMEOUT_ERROR') return TIMEOUT_FAILURE
  return error.detail || titleOf(error.body) || fallback || DEFAULT_ERROR_MESSAGE
}

/** 401 and 403 end the session (docs/contract.md §2.5). */
export function isSessionError(error: ApiError | undefined): boolean {
  return error?.status === 401 || error?.status === 403
}

/**
 * A file from the BFF (receipts: PDF or PNG). Same bearer token, timeout and
 * never-throws contract as `apiRequest`, but the 2xx body is kept as a Blob
 * instead of being parsed as JSON; an error body is still read for `detail`.
 */
export async function apiFileRequest(
  path: string,
  options: Pick<RequestOptions, 'query' | 'token' | 'timeoutMs'> & { accept: string; body?: unknown },
): Promise<ApiResult<Blob>> {
  const { query, token, timeoutMs = DEFAULT_TIMEOUT_MS, accept, body } = options
  const headers: Record<string, string> = { Accept: `${accept}, application/problem+json` }
  if (token) headers.Authorization = `Bearer ${token}`
  // A body makes it a POST (the data archive's single-use link, docs/contract.md §14.6a).
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const request = deadline(timeoutMs)
  try {
    const method = body === undefined ? 'GET' : 'POST'
    const sent = body === undefined ? undefined : JSON.stringify(body)
    const response = await fetch(buildUrl(path, query), { method, headers, body: sent, signal: request.signal })
    if (!response.ok) {
      let parsed: unknown
      try {
        parsed = JSON.parse(await response.text())
      } catch {
        parsed = undefined
      }
      return { error: { status: response.status, detail: detailOf(parsed), body: parsed } }
    }
    return { data: await response.blob() }
  } catch {
    return { error: { status: request.timedOut() ? 'TIMEOUT_ERROR' : 'FETCH_ERROR' } }
  } finally {
    request.done()
  }
}
