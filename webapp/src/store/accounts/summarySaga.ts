import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { failureReason, type ApiResult } from '../../api/client'
import type { ClientSummary } from '../../api/types'
import { toastFailure } from '../toastSlice'
import { clientSummaryEndpoint } from './summaryApi'
import { summaryFailed, summaryLoaded, summaryRequested } from './summarySlice'

/** docs/contract.md §7.1: the dashboard summary's fallback message. */
export const SUMMARY_ERROR = 'An error occurred while fetching scheduled payments'

export function* fetchSummarySaga(): SagaIterator {
  const result: ApiResult<ClientSummary> = yield call(callApi<ClientSummary>, clientSummaryEndpoint())
  if (result.error) {
    yield put(summaryFailed(failureReason(result.error, SUMMARY_ERROR)))
    yield call(toastFailure, result.error, SUMMARY_ERROR)
    return
  }
  yield put(summaryLoaded(result.data))
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(summaryRequested.type, fetchSummarySaga)
}
