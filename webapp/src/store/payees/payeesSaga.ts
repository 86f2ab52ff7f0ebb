/** Loads the bank list and answers the name look-ups (docs/contract.md §8.2). */
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { failureReason, type ApiError, type ApiResult } from '../../api/client'
import type { Bank, NameInquiry } from '../../api/transferTypes'
import { toastFailure } from '../toastSlice'
import { banksEndpoint, nameInquiryEndpoint } from './api'
import { banksFailed, banksLoaded, banksRequested, lookupFailed, lookupRequested, lookupResolved } from './payeesSlice'
import { BANKS_ERROR, INVALID_ACCOUNT_DETAILS } from './texts'

export function* fetchBanksSaga(): SagaIterator {
  const result: ApiResult<Bank[]> = yield call(callApi<Bank[]>, banksEndpoint())
  if (result.error) {
    yield put(banksFailed(failureReason(result.error, BANKS_ERROR)))
    yield call(toastFailure, result.error, BANKS_ERROR)
    return
  }
  yield put(banksLoaded(result.data))
}

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
  yield all([takeLatest(banksRequested.type, fetchBanksSaga), takeEvery(lookupRequested.type, lookupSaga)])
}
