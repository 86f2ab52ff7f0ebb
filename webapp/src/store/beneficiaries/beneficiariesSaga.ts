/** Saving a beneficiary: its code step (deleting one is a mutation, reads.ts). */
import { all, call, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../toastSlice'
import type { ApprovalCodeSent } from '../../api/types'
import { codeStepSaga } from '../codeStep/saga'
import { beneficiaryPasskeyOptionsEndpoint, createBeneficiaryEndpoint } from './api'
import {
  createBeneficiaryCodeRejected,
  createBeneficiaryCodeSent,
  createBeneficiaryConfirmed,
  createBeneficiaryFailed,
  createBeneficiaryPasskeyFailed,
  createBeneficiaryPasskeyRequested,
  createBeneficiaryRequested,
  createBeneficiarySucceeded,
  selectBeneficiaries,
  type BeneficiariesState,
} from './beneficiariesSlice'
import { BENEFICIARY_CREATED, CREATE_BENEFICIARY_ERROR } from './texts'
import type { BeneficiaryCreated, CreateBeneficiaryRequest } from './types'
import { beneficiariesApi } from './reads'

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
  // The saved list shows it at once, then is asked for again.
  yield put(beneficiariesApi.util.updateQueryData('beneficiaries', undefined, (list) => [saved, ...list.filter((b) => b.id !== saved.id)]))
  yield put(beneficiariesApi.util.invalidateTags(['Beneficiaries']))
}

/** The details the code was sent for, without a previous try's code or passkey. */
function detailsOf({ otp: _otp, passkey: _passkey, ...details }: CreateBeneficiaryRequest): CreateBeneficiaryRequest {
  return details
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
  ])
}
