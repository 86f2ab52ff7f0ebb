import { all, call, put, takeEvery } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import type { ApprovalCodeSent } from '../../api/types'
import { codeStepSaga } from '../codeStep/saga'
import { beneficiaryPasskeyOptionsEndpoint, createBeneficiaryEndpoint, deleteBeneficiaryEndpoint } from './api'
import {
  createBeneficiaryCodeRejected,
  createBeneficiaryCodeSent,
  createBeneficiaryConfirmed,
  createBeneficiaryFailed,
  createBeneficiaryPasskeyFailed,
  createBeneficiaryPasskeyRequested,
  createBeneficiaryRequested,
  createBeneficiarySucceeded,
  deleteBeneficiaryFailed,
  deleteBeneficiaryRequested,
  deleteBeneficiarySucceeded,
  selectBeneficiaries,
  type BeneficiariesState,
} from './beneficiariesSlice'
import {
  BENEFICIARY_CREATED,
  BENEFICIARY_DELETED,
  CREATE_BENEFICIARY_ERROR,
  DELETE_BENEFICIARY_ERROR,
} from './texts'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from './types'
import { beneficiariesApi } from './reads'

/** The saved list changes at once on screen, then is asked for again. */
function* refreshList(change: (list: Beneficiary[]) => Beneficiary[]): SagaIterator {
  yield put(beneficiariesApi.util.updateQueryData('beneficiaries', undefined, change))
  yield put(beneficiariesApi.util.invalidateTags(['Beneficiaries']))
}

type CreateAnswer = BeneficiaryCreated | ApprovalCodeSent

/** One POST for both steps: the answer's shape says whether it was saved or a code was sent. */
function* posted(result: ApiResult<CreateAnswer>, request: CreateBeneficiaryRequest, withCode: boolean): SagaIterator {
  if (result.error) {
    yield put(withCode ? createBeneficiaryCodeRejected() : createBeneficiaryFailed())
    yield call(toastFailure, result.error, CREATE_BENEFICIARY_ERROR)
    return
  }
  if (!('beneficiary' in result.data)) {
    yield put(createBeneficiaryCodeSent({ request, sent: result.data }))
    return
  }
  const saved = result.data.beneficiary
  yield put(createBeneficiarySucceeded(saved))
  yield put(toastSuccess(BENEFICIARY_CREATED))
  yield call(refreshList, (list) => [saved, ...list.filter((b) => b.id !== saved.id)])
}

/** The details the code was sent for, without a previous try's code or passkey. */
function detailsOf({ otp: _otp, passkey: _passkey, ...details }: CreateBeneficiaryRequest): CreateBeneficiaryRequest {
  return details
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
  yield call(refreshList, (list) => list.filter((b) => b.id !== action.payload.id))
}

export function* beneficiariesSaga(): SagaIterator {
  yield all([
    ...codeStepSaga({
      initiate: {
        requested: createBeneficiaryRequested.type,
        endpoint: createBeneficiaryEndpoint,
        answered: (result: ApiResult<CreateAnswer>, request: CreateBeneficiaryRequest) => posted(result, request, false),
      },
      confirmRequested: createBeneficiaryConfirmed.type,
      passkeyRequested: createBeneficiaryPasskeyRequested.type,
      passkeyFailed: createBeneficiaryPasskeyFailed,
      // Step 2 re-sends exactly the details the code was sent for, now with the code.
      pending: (state: { beneficiaries: BeneficiariesState }) => selectBeneficiaries(state).pending?.request ?? null,
      confirm: (request, approval) => createBeneficiaryEndpoint({ ...detailsOf(request), ...approval }),
      passkeyOptions: (request) => beneficiaryPasskeyOptionsEndpoint(detailsOf(request)),
      answered: (result: ApiResult<CreateAnswer>, request) => posted(result, request, true),
    }),
    takeEvery(deleteBeneficiaryRequested.type, deleteBeneficiarySaga),
  ])
}
