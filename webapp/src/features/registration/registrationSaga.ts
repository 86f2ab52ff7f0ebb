/**
 * Registration side effects: option lists for the form, the registration
 * call, e-mail verification and resending its code. Failures toast the
 * server's `detail`, else the contract's fallback sentence (docs/contract.md §4.3).
 */
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, type ApiResult } from '../../api/client'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import {
  accountTypesEndpoint,
  registerExistingEndpoint,
  registerNewEndpoint,
  registrationEnumsEndpoint,
  resendEmailCodeEndpoint,
  statesEndpoint,
  verifyEmailEndpoint,
} from './api'
import {
  accountTypesLoaded,
  enumsLoaded,
  optionsRequested,
  registerFailed,
  registerRequested,
  registerSucceeded,
  resendCodeFinished,
  resendCodeRequested,
  selectRegistration,
  signupOpened,
  statesLoaded,
  verifyEmailFailed,
  verifyEmailRequested,
  verifyEmailSucceeded,
  type RegistrationState,
} from './registrationSlice'
import { accountOwnerPayload, newUserPayload } from './payload'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { verifyEmailPath } from '../../lib/base64'
import {
  ACCOUNT_TYPES_FETCH_FAILED,
  ENUMS_FETCH_FAILED,
  OTP_RESENT,
  OTP_VERIFIED,
  REGISTERED_SUCCESSFULLY,
  STATES_FETCH_FAILED,
} from './texts'
import type {
  AccountTypeOption,
  MessageResponse,
  PasswordValues,
  RegisteredResponse,
  RegistrationEnums,
  StateOption,
} from './types'

function* loadEnums(): SagaIterator {
  yield put(optionsRequested('enums'))
  const result: ApiResult<RegistrationEnums> = yield call(callApi<RegistrationEnums>, registrationEnumsEndpoint())
  if (result.error) yield put(toastError(errorMessage(result.error, ENUMS_FETCH_FAILED)))
  yield put(enumsLoaded(result.data ?? null))
}

function* loadStates(): SagaIterator {
  yield put(optionsRequested('states'))
  const result: ApiResult<StateOption[]> = yield call(callApi<StateOption[]>, statesEndpoint())
  if (result.error) yield put(toastError(errorMessage(result.error, STATES_FETCH_FAILED)))
  yield put(statesLoaded(result.data ?? null))
}

function* loadAccountTypes(): SagaIterator {
  yield put(optionsRequested('accountTypes'))
  const result: ApiResult<AccountTypeOption[]> = yield call(callApi<AccountTypeOption[]>, accountTypesEndpoint())
  if (result.error) yield put(toastError(errorMessage(result.error, ACCOUNT_TYPES_FETCH_FAILED)))
  yield put(accountTypesLoaded(result.data ?? null))
}

/** Loads whichever option lists are still missing, in parallel. */
export function* signupOpenedSaga(): SagaIterator {
  const state: RegistrationState = yield select(selectRegistration)
  const loads = []
  if (!state.enums && !state.loading.enums) loads.push(call(loadEnums))
  if (!state.states.length && !state.loading.states) loads.push(call(loadStates))
  if (!state.accountTypes.length && !state.loading.accountTypes) loads.push(call(loadAccountTypes))
  yield all(loads)
}

export function* registerSaga(action: PayloadAction<PasswordValues>): SagaIterator {
  const state: RegistrationState = yield select(selectRegistration)
  const endpoint =
    state.tab === 'ACCOUNT_OWNER'
      ? state.owner && registerExistingEndpoint(accountOwnerPayload(state.owner, action.payload))
      : state.newUser && registerNewEndpoint(newUserPayload(state.newUser, action.payload, state.enums))
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
    takeEvery(signupOpened.type, signupOpenedSaga),
    takeLeading(registerRequested.type, registerSaga),
    takeLatest(verifyEmailRequested.type, verifyEmailSaga),
    takeLeading(resendCodeRequested.type, resendCodeSaga),
  ])
}
