/**
 * A screen's write: runs one RTK Query mutation (api/koboApi.ts) and says while it is on its
 * way. The call's answer comes back as `{ data }` or `{ error }` for the screen's own next step
 * (close a modal, put field errors on a form); what the write changes elsewhere (the reads it
 * invalidates, its toast) is the mutation's. The answer is not kept in the store: an upload's
 * files would stay there. A few lines instead of RTK Query's React hooks module, as `useRead`.
 */
import { useCallback, useState } from 'react'
import { useAppDispatch } from '../store/hooks'
import type { ApiResult } from './client'

/** What a mutation endpoint offers (RTK Query's `api.endpoints.<name>`). */
export interface WriteEndpoint<R, A> {
  initiate(arg: A, options: { track: boolean }): unknown
  /** Carries the answer's type only (a mutation's `Types`). */
  Types?: { ResultType: R }
}

/**
 * `endpoint`, or what loads it on the first write: a first screen that rarely writes (a schedule
 * from /transfer) does not wait for the domain's calls (issue 23).
 */
export function useWrite<R, A>(endpoint: WriteEndpoint<R, A> | (() => Promise<WriteEndpoint<R, A>>)) {
  const dispatch = useAppDispatch()
  // How many of this screen's calls are on their way.
  const [sent, setSent] = useState(0)
  const write = useCallback(
    async (arg: A): Promise<ApiResult<R>> => {
      setSent((n) => n + 1)
      try {
        const loaded = typeof endpoint === 'function' ? await endpoint() : endpoint
        return await (dispatch(loaded.initiate(arg, { track: false }) as never) as Promise<ApiResult<R>>)
      } finally {
        setSent((n) => n - 1)
      }
    },
    [dispatch, endpoint],
  )
  return [write, sent > 0] as const
}
