import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import type { ApprovalCodeSent, PasskeyAssertion } from '../../api/types'
import type * as PasskeyApprovalModule from '../../lib/passkeyApproval'
import { beneficiaryPasskeyOptionsEndpoint, createBeneficiaryEndpoint, deleteBeneficiaryEndpoint } from './api'
import {
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
function* postBeneficiary(request: CreateBeneficiaryRequest): SagaIterator {
  const result: ApiResult<CreateAnswer> = yield call(callApi<CreateAnswer>, createBeneficiaryEndpoint(request))
  if (result.error) {
    yield put(createBeneficiaryFailed())
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

export function* createBeneficiarySaga(action: PayloadAction<CreateBeneficiaryRequest>): SagaIterator {
  yield call(postBeneficiary, action.payload)
}

/** Step 2 re-sends exactly the details the code was sent for, now with the code. */
export function* confirmBeneficiarySaga(action: PayloadAction<{ otp: string }>): SagaIterator {
  const { pending }: BeneficiariesState = yield select(selectBeneficiaries)
  if (!pending) return
  yield call(postBeneficiary, { ...pending.request, otp: action.payload.otp })
}

/** Step 2 with a passkey: the approval of exactly these details, then the same POST with it
 * (its steps load on the click, lib/passkeyApproval.ts). */
export function* approveBeneficiaryWithPasskeySaga(): SagaIterator {
  const { pending }: BeneficiariesState = yield select(selectBeneficiaries)
  if (!pending) return
  const { otp: _otp, passkey: _passkey, ...details } = pending.request
  const { passkeyApprovalFor }: typeof PasskeyApprovalModule = yield call(() => import('../../lib/passkeyApproval'))
  const passkey: PasskeyAssertion | null = yield call(passkeyApprovalFor, beneficiaryPasskeyOptionsEndpoint(details))
  if (!passkey) {
    yield put(createBeneficiaryPasskeyFailed())
    return
  }
  yield call(postBeneficiary, { ...details, passkey })
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
    takeLatest(createBeneficiaryRequested.type, createBeneficiarySaga),
    takeLatest(createBeneficiaryConfirmed.type, confirmBeneficiarySaga),
    takeLatest(createBeneficiaryPasskeyRequested.type, approveBeneficiaryWithPasskeySaga),
    takeEvery(deleteBeneficiaryRequested.type, deleteBeneficiarySaga),
  ])
}
