/**
 * A screen's read: subscribes to one RTK Query endpoint (api/koboApi.ts) while the
 * component is mounted and returns its state. A few lines instead of RTK Query's
 * React hooks module (`@reduxjs/toolkit/query/react`), which would add 2.6 KB gzipped
 * to /home's and /transfer's first screens (docs/architecture.md, "One way to fetch").
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useAppDispatch, useAppSelector } from '../store/hooks'

/** A screen opened again within this many seconds reuses its answer; after that it asks again. */
export const REUSE_ANSWER_S = 10

interface Subscription {
  unsubscribe(): void
}

interface QueryState<R> {
  data?: R
  error?: unknown
  status: string
  isError: boolean
  isSuccess: boolean
}

/** What a read endpoint offers (RTK Query's `api.endpoints.<name>`). */
export interface ReadEndpoint<R, A> {
  initiate(arg: A, options?: { forceRefetch?: boolean | number; subscribe?: boolean }): unknown
  select(arg: A | typeof skipToken): (state: never) => QueryState<R>
}

export interface Read<R> {
  /** The answer; while another `arg` is being asked for, the last one shown (a table keeps its rows). */
  data: R | undefined
  error: unknown
  /** A request is on its way (the first one, or a refresh while `data` stays). */
  isFetching: boolean
  isError: boolean
  isSuccess: boolean
  /** Asks again now. */
  refetch(): void
}

export interface UseReadOptions {
  /** Subscribe later (no request) while true. */
  skip?: boolean
  /** Reuse an answer up to this many seconds old (Infinity: an answer that never changes, a file). */
  reuseAnswerS?: number
}

export function useRead<R, A>(endpoint: ReadEndpoint<R, A>, arg: A, { skip = false, reuseAnswerS = REUSE_ANSWER_S }: UseReadOptions = {}): Read<R> {
  const dispatch = useAppDispatch()
  const key = JSON.stringify(arg ?? null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `arg`
  const selector = useMemo(() => endpoint.select(skip ? skipToken : arg), [endpoint, key, skip])
  const state = useAppSelector(selector as (state: unknown) => QueryState<R>)
  // The last answer shown, kept while another `arg` is on its way (set during render, React's
  // way to keep a value derived from the previous render).
  const [shown, setShown] = useState<R | undefined>(undefined)
  if (state.data !== undefined && state.data !== shown) setShown(state.data)

  useEffect(() => {
    if (skip) return
    const forceRefetch = Number.isFinite(reuseAnswerS) ? reuseAnswerS : false
    const subscription = dispatch(endpoint.initiate(arg, { forceRefetch }) as never) as Subscription
    return () => subscription.unsubscribe()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `arg`
  }, [dispatch, endpoint, key, skip, reuseAnswerS])

  // Stable, so a screen can pass it on (an effect's or a memo's dependency) without looping.
  const refetch = useCallback(() => {
    if (!skip) dispatch(endpoint.initiate(arg, { forceRefetch: true, subscribe: false }) as never)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `arg`
  }, [dispatch, endpoint, key, skip])

  // Not asked yet (the first render, before the effect) counts as on its way.
  const waiting = !skip && (state.status === 'pending' || state.status === 'uninitialized')
  return {
    data: state.data ?? (waiting ? shown : undefined),
    error: state.error,
    isFetching: waiting,
    isError: state.isError,
    isSuccess: state.isSuccess,
    refetch,
  }
}
