/**
 * The one way a screen reads from the BFF (issue 44): RTK Query. Each plain read
 * (a GET that fills a screen) is one endpoint, injected beside its `Endpoint`
 * description by the domain that owns it (`koboApi.injectEndpoints`); RTK Query
 * keeps its loading / loaded / failed state and cache, a screen subscribes with
 * `useRead` (useRead.ts). A single write is a mutation injected beside the reads
 * it changes, run by a screen with `useWrite` (useWrite.ts): it invalidates those
 * reads through tags and toasts its outcome (`toastOutcome` below). Flows that
 * wait (code steps, a Pending payment's polling, the session) stay in sagas, which
 * call `callApi` (api/saga.ts).
 *
 * The base query runs the same `Endpoint` descriptions as `callApi`, with the same
 * bearer token, the same early answers and the same rule for 401/403 (announce
 * `sessionExpired`). A failed
 * read carries one wording, `failureReason` with the read's own fallback sentence
 * (`extraOptions.fallback`), and is never toasted: the screen shows it once, as its failed
 * state with a Retry (components/LoadState.tsx). Toasts are for what an action did (issue 55).
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query'
import { failureReason, isSessionError, type ApiError, type Endpoint } from './client'
import { request } from './earlyAnswers'
import { selectAccessToken, sessionExpired } from '../store/appSlice'
import { failureToast, toastSuccess } from '../store/toastSlice'
import type { Load } from '../lib/loadStatus'

/** A failed read: the call's error and the sentence the screen shows for it. */
export interface ReadError extends ApiError {
  reason: string
}

export interface ReadOptions {
  /** The contract's fallback sentence for this read (docs/contract.md §7). */
  fallback?: string
}

export const koboBaseQuery: BaseQueryFn<Endpoint<unknown>, unknown, ReadError, ReadOptions> = async (
  endpoint,
  { getState, dispatch },
  options,
) => {
  const token = selectAccessToken(getState() as Parameters<typeof selectAccessToken>[0])
  // A first screen's read takes the answer start-up began for it (api/earlyAnswers.ts).
  const result = await request(endpoint, token)
  if (!result.error) return { data: result.data }
  const { error } = result
  if (isSessionError(error) && !endpoint.skipSessionExpiry) dispatch(sessionExpired({ status: error.status as number }))
  return { error: { ...error, reason: failureReason(error, options?.fallback) } }
}

/** What a write can change; a read provides its tag, a payment invalidates them. */
export const READ_TAGS = [
  'Dashboard',
  'Accounts',
  'Balances',
  'History',
  'Beneficiaries',
  'Schedules',
  'Banks',
  'Limits',
  'Kyc',
  'Disputes',
  'BillLogs',
  'Tickets',
  'Ticket',
  'DataExports',
  'Consents',
  'DataRequests',
  'OnboardingStatus',
  'BasicProfile',
  'OnboardingDocuments',
  'Savings',
] as const
export type ReadTag = (typeof READ_TAGS)[number]

export const koboApi = createApi({
  reducerPath: 'api',
  baseQuery: koboBaseQuery,
  tagTypes: READ_TAGS,
  // Screens read through `useRead` (useRead.ts), which asks again for an answer older than
  // 10 s; writes invalidate what they change at once.
  endpoints: () => ({}),
})

/** What money moving changes: every balance, the history and the dashboard. */
export const afterPayment = () => koboApi.util.invalidateTags(['Dashboard', 'Accounts', 'Balances', 'History'])

/** What `toastOutcome` takes of a mutation's `onQueryStarted`. */
interface WriteLifecycle<R> {
  dispatch: (action: UnknownAction) => unknown
  queryFulfilled: Promise<{ data: R }>
}

/**
 * A write's outcome as a toast (store/toastSlice.ts), for its mutation's `onQueryStarted`:
 * `done` when it went through (a sentence, or one made from the answer), the server's
 * `detail` else `failed` when it did not. Resolves to the answer, undefined when refused.
 */
export async function toastOutcome<R>(
  { dispatch, queryFulfilled }: WriteLifecycle<R>,
  failed: string,
  done?: string | ((answer: R) => string),
): Promise<R | undefined> {
  try {
    const { data } = await queryFulfilled
    if (done) dispatch(toastSuccess(typeof done === 'string' ? done : done(data)))
    return data
  } catch (refused) {
    const toast = failureToast((refused as { error: ApiError }).error, failed)
    if (toast) dispatch(toast)
    return undefined
  }
}

/** A mutation's `onQueryStarted` that toasts its outcome and does nothing else. */
export const toastsOutcome =
  <R>(failed: string, done?: string) =>
  async (_arg: unknown, lifecycle: WriteLifecycle<R>) => {
    await toastOutcome(lifecycle, failed, done)
  }

/** A mutation's `invalidatesTags`: these reads are asked for again once it went through (a
 * refusal changed nothing). */
export const onceDone =
  (...tags: ReadTag[]) =>
  (_answer: unknown, refused: unknown) =>
    refused ? [] : tags

/** A query's state as the screen's three states (components/LoadState.tsx). */
export function loadOf(query: {
  isError: boolean
  isFetching: boolean
  isSuccess: boolean
  error?: unknown
}): Load {
  if (query.isFetching) return { status: 'loading', error: null }
  if (query.isError) return { status: 'failed', error: (query.error as ReadError | undefined)?.reason ?? null }
  if (query.isSuccess) return { status: 'succeeded', error: null }
  return { status: 'loading', error: null }
}
