/** Answers the name look-ups (docs/contract.md §8.2). */
import { call, put, takeEvery } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiError, ApiResult } from '../../api/client'
import type { NameInquiry } from '../../api/transferTypes'
import { nameInquiryEndpoint } from './api'
import { lookupFailed, lookupRequested, lookupResolved } from './payeesSlice'
import { INVALID_ACCOUNT_DETAILS } from './texts'

/** A refused look-up reads "Invalid account details"; an outage says so in the server's words. */
export function lookupErrorText(error: ApiError): string {
  if (error.status === 400 || error.status === 404 || !error.detail) return INVALID_ACCOUNT_DETAILS
  return error.detail
}

export function* lookupSaga(action: PayloadAction<{ key: string; accountNumber: string; bankCode: string }>): SagaIterator {
  const { accountNumber, bankCode } = action.payload
  const result: ApiResult<NameInquiry> = yield call(callApi<NameInquiry>, nameInquiryEndpoint(accountNumber, bankCode))
  if (result.error) {
    yield put(lookupFailed({ ...action.payload, error: lookupErrorText(result.error) }))
    return
  }
  yield put(lookupResolved({ ...action.payload, result: result.data }))
}

export function* payeesSaga(): SagaIterator {
  yield takeEvery(lookupRequested.type, lookupSaga)
}
