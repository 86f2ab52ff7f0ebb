/**
 * Registration side effects: the registration call, e-mail verification and
 * resending its code (the form's option lists are reads, reads.ts). Failures toast the
 * server's `detail`, else the contract's fallback sentence (docs/contract.md §4.3).
 */
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, type ApiResult } from '../../api/client'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import { registerExistingEndpoint, registerNewEndpoint, resendEmailCodeEndpoint, verifyEmailEndpoint } from './api'
import { selectRegistrationEnums } from './reads'
import {
  registerFailed,
  registerRequested,
  registerSucceeded,
  resendCodeFinished,
  resendCodeRequested,
  selectRegistration,
  verifyEmailFailed,
  verifyEmailRequested,
  verifyEmailSucceeded,
  type RegistrationState,
} from './registrationSlice'
import { accountOwnerPayload, newUserPayload } from './payload'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { verifyEmailPath } from '../../lib/base64'
import { OTP_RESENT, OTP_VERIFIED, REGISTERED_SUCCESSFULLY } from './texts'
import type { MessageResponse, PasswordValues, RegisteredResponse, RegistrationEnums } from './types'

export function* registerSaga(action: PayloadAction<PasswordValues>): SagaIterator {
  const state: RegistrationState = yield select(selectRegistration)
  const enums: RegistrationEnums | undefined = (yield select(selectRegistrationEnums)).data
  const endpoint =
    state.tab === 'ACCOUNT_OWNER'
      ? state.owner && registerExistingEndpoint(accountOwnerPayload(state.owner, action.payload))
      : state.newUser && registerNewEndpoint(newUserPayload(state.newUser, action.payload, enums ?? null))
  if (!endpoint) {
    // Stage 1 was never completed (e.g. state lost); send the user back to it.
    yield put(registerFailed([{ field: 'email', message: 'This field is required' }]))
    return
  }
  const result: ApiResult<RegisteredResponse> = yield call(callApi<RegisteredResponse>, endpoint)
  if (result.error) {
    yield put(registerFailed(fieldErrorsOf(result.error)))
    yield put(toastError(errorMessage(result.error)))
    return
  }
  const email = result.data.email || (state.tab === 'ACCOUNT_OWNER' ? state.owner?.email : state.newUser?.email) || ''
  yield put(registerSucceeded())
  yield put(toastSuccess(REGISTERED_SUCCESSFULLY))
  yield call([navigation, navigation.navigate], verifyEmailPath(email))
}

export function* verifyEmailSaga(action: PayloadAction<{ email: string; code: string }>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, verifyEmailEndpoint(action.payload))
  if (result.error) {
    yield put(verifyEmailFailed())
    yield put(toastError(errorMessage(result.error)))
    return
  }
  yield put(verifyEmailSucceeded())
  yield put(toastSuccess(OTP_VERIFIED))
  yield call([navigation, navigation.navigate], '/', { replace: true })
}

export function* resendCodeSaga(action: PayloadAction<{ email: string }>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, resendEmailCodeEndpoint(action.payload))
  yield put(resendCodeFinished())
  if (result.error) yield put(toastError(errorMessage(result.error)))
  else yield put(toastSuccess(OTP_RESENT))
}

export function* registrationSaga(): SagaIterator {
  yield all([
    takeLeading(registerRequested.type, registerSaga),
    takeLatest(verifyEmailRequested.type, verifyEmailSaga),
    takeLeading(resendCodeRequested.type, resendCodeSaga),
  ])
}
