/**
 * Login flow: credentials → verification code → session. Failures toast the
 * server's `detail`, else "An error occurred" (docs/contract.md §3.2).
 */
import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, type ApiResult } from '../../api/client'
import type { LoginRequest, LoginResponse, SessionResponse } from '../../api/types'
import type * as PasskeySignInModule from './passkeySignIn'
import { setUserInfo } from '../../store/appSlice'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import { loginEndpoint, otpVerificationEndpoint } from './api'
import { LOGIN_SUCCESS_MESSAGE } from './texts'
import { emailVerificationPathFor } from '../../lib/emailNotVerified'
import {
  loginFailed,
  loginRequested,
  loginSucceeded,
  passkeyAutofillOffered,
  passkeySignInFailed,
  passkeySignInRequested,
  selectAuth,
  verifyFailed,
  verifyRequested,
  verifySucceeded,
  type AuthState,
} from './authSlice'


export function* loginSaga(action: PayloadAction<LoginRequest>): SagaIterator {
  const result: ApiResult<LoginResponse> = yield call(callApi<LoginResponse>, loginEndpoint(action.payload))
  if (result.error) {
    yield put(loginFailed())
    yield put(toastError(errorMessage(result.error)))
    // E-mail not verified yet (403 EMAIL_NOT_VERIFIED): a new code was sent; go and enter it.
    const verifyPath = emailVerificationPathFor(result.error, action.payload.email)
    if (verifyPath) yield call([navigation, navigation.navigate], verifyPath)
    return
  }
  yield put(loginSucceeded(result.data))
}

export function* verifySaga(action: PayloadAction<{ otp: string }>): SagaIterator {
  const { challenge }: AuthState = yield select(selectAuth)
  if (!challenge) {
    // The page lost its login step (e.g. reload); start again from credentials.
    yield put(verifyFailed())
    return
  }
  const result: ApiResult<SessionResponse> = yield call(
    callApi<SessionResponse>,
    otpVerificationEndpoint({ userId: challenge.userId, userUUID: challenge.userUUID, otp: action.payload.otp }),
  )
  if (result.error) {
    yield put(verifyFailed())
    yield put(toastError(errorMessage(result.error)))
    return
  }
  yield call(signedIn, result.data)
}

/** A session opened (after the code, or with a passkey): the same routing either way. */
function* signedIn(session: SessionResponse): SagaIterator {
  yield put(setUserInfo(session))
  yield put(verifySucceeded())
  yield put(toastSuccess(LOGIN_SUCCESS_MESSAGE))
  yield call([navigation, navigation.navigate], session.onboardingComplete ? '/home' : '/onboarding', {
    replace: true,
  })
}

/** "Sign in with a passkey": its steps load on the click (passkeySignIn.ts), keeping the
 * login route's first download within budget. */
export function* passkeySignInSaga(): SagaIterator {
  const { passkeySignIn }: typeof PasskeySignInModule = yield call(() => import('./passkeySignIn'))
  const session: SessionResponse | null = yield call(passkeySignIn)
  if (session) yield call(signedIn, session)
  else yield put(passkeySignInFailed())
}

/** A passkey picked from the e-mail field's autofill: signed in as after the button. */
export function* passkeyAutofillSaga(): SagaIterator {
  const { passkeySignInFromAutofill }: typeof PasskeySignInModule = yield call(() => import('./passkeySignIn'))
  const session: SessionResponse | null = yield call(passkeySignInFromAutofill)
  if (session) yield call(signedIn, session)
}

export function* authSaga(): SagaIterator {
  yield all([
    takeLatest(loginRequested.type, loginSaga),
    takeLatest(verifyRequested.type, verifySaga),
    takeLatest(passkeySignInRequested.type, passkeySignInSaga),
    takeLatest(passkeyAutofillOffered.type, passkeyAutofillSaga),
  ])
}
