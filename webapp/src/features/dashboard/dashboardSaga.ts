import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiResult } from '../../api/client'
import type { ClientSummary } from '../../api/types'
import { toastError } from '../../app/toastSlice'
import { clientSummaryEndpoint } from './api'
import { summaryFailed, summaryLoaded, summaryRequested } from './dashboardSlice'

/** Spec part 1, section 8: the dashboard summary's fallback message. */
export const SUMMARY_ERROR = 'An error occurred while fetching scheduled payments'

export function* fetchSummarySaga(): SagaIterator {
  const result: ApiResult<ClientSummary> = yield call(callApi<ClientSummary>, clientSummaryEndpoint())
  if (result.error) {
    yield put(summaryFailed())
    // A 401/403 is already being handled as a logout; don't toast on top of it.
    if (!isSessionError(result.error)) yield put(toastError(errorMessage(result.error, SUMMARY_ERROR)))
    return
  }
  yield put(summaryLoaded(result.data))
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(summaryRequested.type, fetchSummarySaga)
}
