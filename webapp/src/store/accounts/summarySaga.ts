import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { failureReason, type ApiResult } from '../../api/client'
import type { ClientSummary } from '../../api/types'
import { toastFailure } from '../toastSlice'
import { clientSummaryEndpoint } from './summaryApi'
import { summaryFailed, summaryLoaded, summaryRequested, summaryShownOffline, summaryUnreachable } from './summarySlice'
import { loadSummarySnapshot, saveSummarySnapshot, type SummarySnapshot } from './summarySnapshot'
import { isOnline } from '../../lib/network'

/** docs/contract.md §7.1: the dashboard summary's fallback message. */
export const SUMMARY_ERROR = 'An error occurred while fetching scheduled payments'

export function* fetchSummarySaga(): SagaIterator {
  const result: ApiResult<ClientSummary> = yield call(callApi<ClientSummary>, clientSummaryEndpoint())
  if (result.error) {
    const reason = failureReason(result.error, SUMMARY_ERROR)
    // No network (the request never reached the BFF): the tab's last answer, labelled as old.
    const unreachable = result.error.status === 'FETCH_ERROR' || !isOnline()
    const kept: SummarySnapshot | null = unreachable ? yield call(loadSummarySnapshot) : null
    if (kept) {
      yield put(summaryShownOffline({ ...kept, reason }))
      return
    }
    if (unreachable) {
      // The page says so itself ("You are offline"); a toast would only repeat it.
      yield put(summaryUnreachable(reason))
      return
    }
    yield put(summaryFailed(reason))
    yield call(toastFailure, result.error, SUMMARY_ERROR)
    return
  }
  yield call(saveSummarySnapshot, result.data)
  yield put(summaryLoaded(result.data))
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(summaryRequested.type, fetchSummarySaga)
}
