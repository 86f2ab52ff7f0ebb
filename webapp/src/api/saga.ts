/**
 * `callApi`: the only way sagas reach the network. It adds the bearer token
 * from the session in the store and, for any 401/403 outside the login call,
 * announces `sessionExpired` so the session saga logs the user out. Doing this
 * here, once, means no feature saga can forget it.
 */
import { call, put, select } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { isSessionError, type ApiResult, type Endpoint } from './client'
import { request } from './earlyAnswers'
import { selectAccessToken, sessionExpired } from '../store/appSlice'

export function* callApi<T>(endpoint: Endpoint<T>): SagaIterator<ApiResult<T>> {
  const token: string | null = yield select(selectAccessToken)
  const result: ApiResult<T> = yield call(request<T>, endpoint, token)
  if (result.error && isSessionError(result.error) && !endpoint.skipSessionExpiry) {
    yield put(sessionExpired({ status: result.error.status as number }))
  }
  return result
}
