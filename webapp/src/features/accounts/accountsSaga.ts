import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiResult } from '../../api/client'
import type { Account } from '../../api/types'
import { toastError } from '../../app/toastSlice'
import { accountsEndpoint } from './api'
import { accountsFailed, accountsLoaded, accountsRequested } from './accountsSlice'

export const ACCOUNTS_ERROR = 'An error occurred while fetching accounts'

export function* fetchAccountsSaga(): SagaIterator {
  const result: ApiResult<Account[]> = yield call(callApi<Account[]>, accountsEndpoint())
  if (result.error) {
    yield put(accountsFailed())
    // A 401/403 is already being handled as a logout; don't toast on top of it.
    if (!isSessionError(result.error)) yield put(toastError(errorMessage(result.error, ACCOUNTS_ERROR)))
    return
  }
  yield put(accountsLoaded(result.data))
}

export function* accountsSaga(): SagaIterator {
  yield takeLatest(accountsRequested.type, fetchAccountsSaga)
}
