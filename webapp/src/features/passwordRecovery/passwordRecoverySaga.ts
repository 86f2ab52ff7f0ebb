/** Password recovery side effects: send the link, check it on opening, set the new password. */
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, type ApiResult } from '../../api/client'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import { fieldErrorsOf } from '../../api/fieldErrors'
import {
  forgotPasswordEndpoint,
  resetPasswordEndpoint,
  verifyResetLinkEndpoint,
  type LinkValidResponse,
  type MessageResponse,
  type PasswordResetRequest,
} from './api'
import {
  forgotFailed,
  forgotRequested,
  forgotSucceeded,
  resetFailed,
  resetLinkCheckRequested,
  resetLinkInvalid,
  resetLinkValid,
  resetRequested,
  resetSucceeded,
} from './passwordRecoverySlice'
import { EMAIL_SENT_SUCCESSFULLY, INVALID_LINK_FALLBACK, PASSWORD_RESET_SUCCESSFULLY } from './texts'

export function* forgotSaga(action: PayloadAction<string>): SagaIterator {
  const identifier = action.payload.trim()
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, forgotPasswordEndpoint(identifier))
  if (result.error) {
    yield put(forgotFailed())
    yield put(toastError(errorMessage(result.error)))
    return
  }
  yield put(forgotSucceeded(identifier))
  yield put(toastSuccess(EMAIL_SENT_SUCCESSFULLY))
}

export function* checkResetLinkSaga(action: PayloadAction<{ resetCode: string; email: string }>): SagaIterator {
  const { resetCode, email } = action.payload
  const result: ApiResult<LinkValidResponse> = yield call(
    callApi<LinkValidResponse>,
    verifyResetLinkEndpoint(resetCode, email),
  )
  if (result.error || !result.data.valid) {
    yield put(resetLinkInvalid(errorMessage(result.error, INVALID_LINK_FALLBACK)))
    return
  }
  yield put(resetLinkValid())
}

export function* resetSaga(action: PayloadAction<PasswordResetRequest>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, resetPasswordEndpoint(action.payload))
  if (result.error) {
    const fieldErrors = fieldErrorsOf(result.error)
    if (!fieldErrors.length && result.error.status === 400 && result.error.detail) {
      // The link itself was refused (used meanwhile, or expired): show the invalid view.
      yield put(resetLinkInvalid(result.error.detail))
    } else {
      yield put(resetFailed(fieldErrors))
    }
    yield put(toastError(errorMessage(result.error)))
    return
  }
  yield put(resetSucceeded())
  yield put(toastSuccess(PASSWORD_RESET_SUCCESSFULLY))
  yield call([navigation, navigation.navigate], '/', { replace: true })
}

export function* passwordRecoverySaga(): SagaIterator {
  yield all([
    takeLeading(forgotRequested.type, forgotSaga),
    takeLatest(resetLinkCheckRequested.type, checkResetLinkSaga),
    takeLeading(resetRequested.type, resetSaga),
  ])
}
