import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { setUserInfo } from '../../store/appSlice'
import { codeStepSaga } from '../../store/codeStep/saga'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { PasskeyAssertion } from '../../api/types'
import type * as PasskeyApprovalModule from '../../lib/passkeyApproval'
import {
  changePasswordEndpoint,
  confirmGoogleEndpoint,
  confirmOtpEndpoint,
  confirmTransactionLimitEndpoint,
  limitPasskeyOptionsEndpoint,
  twoFactorPasskeyOptionsEndpoint,
  generateGoogleEndpoint,
  generateOtpEndpoint,
  setTransactionLimitEndpoint,
} from './api'
import { settingsApi } from './reads'
import {
  changePasswordCodeSent,
  changePasswordConfirmed,
  changePasswordFailed,
  changePasswordRequested,
  changePasswordSucceeded,
  limitChangeClosed,
  limitChangeRefused,
  limitChangeRequested,
  limitCodeRejected,
  limitPasskeyFailed,
  limitPasskeyRequested,
  twoFactorPasskeyFailed,
  limitCodeSent,
  limitConfirmRequested,
  selectSettings,
  twoFactorCodeRejected,
  twoFactorConfirmRequested,
  twoFactorSetupClosed,
  twoFactorSetupReady,
  twoFactorSetupRequested,
  type LimitValues,
  type PasswordValues,
  type SecondFactorType,
  type SettingsState,
} from './settingsSlice'
import {
  GOOGLE_SET,
  LIMIT_EDITED,
  LIMIT_ERROR,
  OTP_SET,
  PASSWORD_CHANGED,
  PASSWORD_ERROR,
} from './texts'
import type {
  GoogleCredentials,
  TransactionLimitPending,
  TransactionLimitRequest,
  TwoFactorConfirmRequest,
} from './types'

type PasswordAnswer = MessageResponse | CodeSent

/**
 * One PATCH for both steps (step-up, issue 12): without `otp` the server checks the change
 * and sends a code (202); the same body with the code changes the password (200).
 */
export function* changePasswordSaga(action: PayloadAction<PasswordValues & { otp?: string }>): SagaIterator {
  const result: ApiResult<PasswordAnswer> = yield call(callApi<PasswordAnswer>, changePasswordEndpoint(action.payload))
  if (result.error) {
    yield put(changePasswordFailed(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, PASSWORD_ERROR)
    return
  }
  if ('twoFactorAuthentication' in result.data) {
    yield put(changePasswordCodeSent(result.data))
    return
  }
  yield put(changePasswordSucceeded())
  yield put(toastSuccess(PASSWORD_CHANGED))
}

function* limitInitiated(result: ApiResult<TransactionLimitPending>): SagaIterator {
  if (result.error) {
    yield put(limitChangeRefused(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, LIMIT_ERROR)
    return
  }
  yield put(limitCodeSent(result.data))
}

/** A limit confirm's answer, whichever way it was approved. */
function* limitConfirmed(result: ApiResult<MessageResponse>): SagaIterator {
  if (result.error) {
    yield put(limitCodeRejected())
    yield call(toastFailure, result.error, LIMIT_ERROR)
    return
  }
  yield put(limitChangeClosed())
  // A raise waits out a cooling-off: the BFF's longer sentence says from when (§16.4).
  yield put(toastSuccess(result.data.message || LIMIT_EDITED))
  yield put(settingsApi.util.invalidateTags(['Limits']))
}

export function* generateTwoFactorSaga(action: PayloadAction<{ target: SecondFactorType }>): SagaIterator {
  if (action.payload.target === 'GOOGLE_AUTHENTICATOR') {
    const result: ApiResult<GoogleCredentials> = yield call(callApi<GoogleCredentials>, generateGoogleEndpoint())
    if (result.error) {
      yield put(twoFactorSetupClosed())
      yield call(toastFailure, result.error, 'An error occurred')
      return
    }
    yield put(twoFactorSetupReady({ message: result.data.message, credentials: result.data }))
    return
  }
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, generateOtpEndpoint())
  if (result.error) {
    yield put(twoFactorSetupClosed())
    yield call(toastFailure, result.error, 'An error occurred')
    return
  }
  yield put(twoFactorSetupReady({ message: result.data.message, credentials: null }))
}

export function* confirmTwoFactorSaga(
  action: PayloadAction<{ code: string; currentCode: string | null; passkey?: boolean }>,
): SagaIterator {
  const { twoFactor }: SettingsState = yield select(selectSettings)
  const target = twoFactor.setup.target
  if (!target) return
  let body: TwoFactorConfirmRequest = { code: action.payload.code, currentCode: action.payload.currentCode }
  if (action.payload.passkey) {
    // A passkey instead of the current method's code (lib/passkeyApproval.ts, loaded now).
    const { passkeyApprovalFor }: typeof PasskeyApprovalModule = yield call(() => import('../../lib/passkeyApproval'))
    const passkey: PasskeyAssertion | null = yield call(passkeyApprovalFor, twoFactorPasskeyOptionsEndpoint(target))
    if (!passkey) {
      yield put(twoFactorPasskeyFailed())
      return
    }
    body = { code: action.payload.code, passkey }
  }
  const endpoint = target === 'GOOGLE_AUTHENTICATOR' ? confirmGoogleEndpoint(body) : confirmOtpEndpoint(body)
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, endpoint)
  if (result.error) {
    yield put(twoFactorCodeRejected())
    yield call(toastFailure, result.error, 'An error occurred')
    return
  }
  yield put(twoFactorSetupClosed())
  yield put(settingsApi.util.upsertQueryData('twoFactorType', undefined, { twoFactorAuthenticationType: target }))
  // The stored session follows, so the next code dialogs name the right factor.
  yield put(setUserInfo({ twoFactorAuthentication: target }))
  yield put(toastSuccess(target === 'GOOGLE_AUTHENTICATOR' ? GOOGLE_SET : OTP_SET))
}

export function* settingsSaga(): SagaIterator {
  yield all([
    takeLatest([changePasswordRequested.type, changePasswordConfirmed.type], changePasswordSaga),
    ...codeStepSaga({
      initiate: {
        requested: limitChangeRequested.type,
        endpoint: (values: LimitValues, state: { settings: SettingsState }) => {
          const { limitChange } = selectSettings(state)
          return setTransactionLimitEndpoint({
            ...values,
            nuban: limitChange.nuban,
            transferType: limitChange.transferType as TransactionLimitRequest['transferType'],
          })
        },
        answered: limitInitiated,
      },
      confirmRequested: limitConfirmRequested.type,
      passkeyRequested: limitPasskeyRequested.type,
      passkeyFailed: limitPasskeyFailed,
      pending: (state: { settings: SettingsState }) => selectSettings(state).limitChange.pending,
      confirm: ({ nuban, transactionLimitUuid }, approval) =>
        confirmTransactionLimitEndpoint({ nuban, transactionLimitUuid, ...approval }),
      passkeyOptions: ({ nuban, transactionLimitUuid }) => limitPasskeyOptionsEndpoint({ nuban, transactionLimitUuid }),
      answered: limitConfirmed,
    }),
    takeLatest(twoFactorSetupRequested.type, generateTwoFactorSaga),
    takeLatest(twoFactorConfirmRequested.type, confirmTwoFactorSaga),
  ])
}
