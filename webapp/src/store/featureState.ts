/**
 * What a feature adds to the store when its first page loads: its reducers and its sagas
 * (app/store.ts `loadFeatureState`). Several features may list the same kit slice
 * (store/payees, store/schedules…); each reducer and saga is added once per store.
 */
import type { Middleware, Reducer } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'

export interface FeatureState {
  reducers: Record<string, Reducer>
  sagas: (() => SagaIterator)[]
  /** Middleware the reducers need (RTK Query's, for the signed-in core). */
  middleware?: Middleware[]
}
