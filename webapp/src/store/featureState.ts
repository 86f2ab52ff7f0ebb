/**
 * What a feature adds to the store when its first page loads: its reducers and its sagas
 * (app/store.ts `loadFeatureState`). Several features may list the same kit slice
 * (store/beneficiaries, store/schedules…); each reducer and saga is added once per store.
 */
import type { Middleware, Reducer, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'

export interface FeatureState {
  reducers: Record<string, Reducer>
  sagas: (() => SagaIterator)[]
  /** Middleware the reducers need (RTK Query's, for the signed-in core). */
  middleware?: Middleware[]
  /**
   * Starts the reads whose answers index.html's first script is already fetching (api/
   * earlyAnswers.ts), as soon as the state is in the store: the answer is then in the store
   * before the page's code has loaded, and the page's first render shows it. Otherwise the
   * page rendered empty first, and the answer then re-rendered it in one blocking task
   * (useSyncExternalStore's updates are not split): 190-250 ms at a phone's 4x CPU (issue 43).
   */
  startEarlyReads?: (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => void
}
