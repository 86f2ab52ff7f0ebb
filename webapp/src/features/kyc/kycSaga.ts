import { all, call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { failureReason, type ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { kycBiodataEndpoint, kycDocumentsEndpoint, kycStatusEndpoint, submitKycLevelEndpoint } from './api'
import {
  kycBiodataFailed,
  kycBiodataLoaded,
  kycBiodataRequested,
  kycDocumentsFailed,
  kycDocumentsLoaded,
  kycDocumentsRequested,
  kycPageOpened,
  kycStatusFailed,
  kycStatusLoaded,
  kycStatusRequested,
  kycSubmitFailed,
  kycSubmitRequested,
  kycSubmitSucceeded,
} from './kycSlice'
import { BIODATA_ERROR, DOCUMENTS_ERROR, STATUS_ERROR, SUBMITTED, SUBMIT_ERROR } from './texts'
import type { KycBiodata, KycDocument, KycLevel, KycLevelRequest, KycStatusResponse } from './types'

export function* openPageSaga(): SagaIterator {
  yield put(kycStatusRequested())
  yield put(kycBiodataRequested())
  yield put(kycDocumentsRequested())
}

export function* fetchStatusSaga(): SagaIterator {
  const result: ApiResult<KycStatusResponse> = yield call(callApi<KycStatusResponse>, kycStatusEndpoint())
  if (result.error) {
    yield put(kycStatusFailed(failureReason(result.error, STATUS_ERROR)))
    yield call(toastFailure, result.error, STATUS_ERROR)
    return
  }
  yield put(kycStatusLoaded(result.data))
}

export function* fetchBiodataSaga(): SagaIterator {
  const result: ApiResult<KycBiodata> = yield call(callApi<KycBiodata>, kycBiodataEndpoint())
  if (result.error) {
    yield put(kycBiodataFailed(failureReason(result.error, BIODATA_ERROR)))
    yield call(toastFailure, result.error, BIODATA_ERROR)
    return
  }
  yield put(kycBiodataLoaded(result.data))
}

export function* fetchDocumentsSaga(): SagaIterator {
  const result: ApiResult<KycDocument[]> = yield call(callApi<KycDocument[]>, kycDocumentsEndpoint())
  if (result.error) {
    yield put(kycDocumentsFailed(failureReason(result.error, DOCUMENTS_ERROR)))
    yield call(toastFailure, result.error, DOCUMENTS_ERROR)
    return
  }
  yield put(kycDocumentsLoaded(result.data))
}

export function* submitLevelSaga(action: PayloadAction<{ level: KycLevel; body: KycLevelRequest }>): SagaIterator {
  const { level, body } = action.payload
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, submitKycLevelEndpoint(level, body))
  if (result.error) {
    yield put(kycSubmitFailed(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, SUBMIT_ERROR)
    // A refused check (400) or a level that already has a status (409) shows on the status badge.
    if (result.error.status === 400 || result.error.status === 409) yield put(kycStatusRequested())
    return
  }
  yield put(kycSubmitSucceeded())
  yield put(toastSuccess(SUBMITTED))
  yield put(kycStatusRequested())
  if (level === 3) yield put(kycDocumentsRequested())
}

export function* kycSaga(): SagaIterator {
  yield all([
    takeLatest(kycPageOpened.type, openPageSaga),
    takeLatest(kycStatusRequested.type, fetchStatusSaga),
    takeLatest(kycBiodataRequested.type, fetchBiodataSaga),
    takeLatest(kycDocumentsRequested.type, fetchDocumentsSaga),
    takeLatest(kycSubmitRequested.type, submitLevelSaga),
  ])
}
