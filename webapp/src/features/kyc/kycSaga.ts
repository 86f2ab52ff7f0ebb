import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { submitKycLevelEndpoint } from './api'
import { kycApi } from './reads'
import { kycSubmitFailed, kycSubmitRequested, kycSubmitSucceeded } from './kycSlice'
import { SUBMITTED, SUBMIT_ERROR } from './texts'
import type { KycLevel, KycLevelRequest } from './types'

export function* submitLevelSaga(action: PayloadAction<{ level: KycLevel; body: KycLevelRequest }>): SagaIterator {
  const { level, body } = action.payload
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, submitKycLevelEndpoint(level, body))
  if (result.error) {
    yield put(kycSubmitFailed(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, SUBMIT_ERROR)
    // A refused check (400) or a level that already has a status (409) shows on the status badge.
    if (result.error.status === 400 || result.error.status === 409) yield put(kycApi.util.invalidateTags(['Kyc']))
    return
  }
  yield put(kycSubmitSucceeded())
  yield put(toastSuccess(SUBMITTED))
  // The status (and, for level 3, the documents) are asked for again.
  yield put(kycApi.util.invalidateTags(['Kyc']))
}

export function* kycSaga(): SagaIterator {
  yield takeLatest(kycSubmitRequested.type, submitLevelSaga)
}
