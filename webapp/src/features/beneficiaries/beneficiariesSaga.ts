import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { toastSuccess } from '../../app/toastSlice'
import { toastFailure } from '../accounts/accountsSaga'
import type { MessageResponse } from '../accounts/types'
import { beneficiariesEndpoint, createBeneficiaryEndpoint, deleteBeneficiaryEndpoint } from './api'
import {
  beneficiariesFailed,
  beneficiariesLoaded,
  beneficiariesRequested,
  createBeneficiaryFailed,
  createBeneficiaryRequested,
  createBeneficiarySucceeded,
  deleteBeneficiaryFailed,
  deleteBeneficiaryRequested,
  deleteBeneficiarySucceeded,
} from './beneficiariesSlice'
import {
  BENEFICIARIES_ERROR,
  BENEFICIARY_CREATED,
  BENEFICIARY_DELETED,
  CREATE_BENEFICIARY_ERROR,
  DELETE_BENEFICIARY_ERROR,
} from './texts'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from './types'

export function* fetchBeneficiariesSaga(): SagaIterator {
  const result: ApiResult<Beneficiary[]> = yield call(callApi<Beneficiary[]>, beneficiariesEndpoint())
  if (result.error) {
    yield put(beneficiariesFailed())
    yield call(toastFailure, result.error, BENEFICIARIES_ERROR)
    return
  }
  yield put(beneficiariesLoaded(result.data))
}

export function* createBeneficiarySaga(action: PayloadAction<CreateBeneficiaryRequest>): SagaIterator {
  const result: ApiResult<BeneficiaryCreated> = yield call(
    callApi<BeneficiaryCreated>,
    createBeneficiaryEndpoint(action.payload),
  )
  if (result.error) {
    yield put(createBeneficiaryFailed())
    yield call(toastFailure, result.error, CREATE_BENEFICIARY_ERROR)
    return
  }
  yield put(createBeneficiarySucceeded(result.data.beneficiary))
  yield put(toastSuccess(BENEFICIARY_CREATED))
  yield put(beneficiariesRequested())
}

export function* deleteBeneficiarySaga(action: PayloadAction<{ id: number }>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(
    callApi<MessageResponse>,
    deleteBeneficiaryEndpoint(action.payload.id),
  )
  if (result.error) {
    yield put(deleteBeneficiaryFailed())
    yield call(toastFailure, result.error, DELETE_BENEFICIARY_ERROR)
    return
  }
  yield put(deleteBeneficiarySucceeded(action.payload))
  yield put(toastSuccess(BENEFICIARY_DELETED))
  yield put(beneficiariesRequested())
}

export function* beneficiariesSaga(): SagaIterator {
  yield all([
    takeLatest(beneficiariesRequested.type, fetchBeneficiariesSaga),
    takeLatest(createBeneficiaryRequested.type, createBeneficiarySaga),
    takeEvery(deleteBeneficiaryRequested.type, deleteBeneficiarySaga),
  ])
}
