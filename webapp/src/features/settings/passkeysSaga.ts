/** Passkeys in Settings: list, add (code → browser prompt → confirm), remove (code). */
import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { failureReason, type ApiResult } from '../../api/client'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { Passkey, PasskeyAdded, PasskeyOptions, PasskeyRegistration } from '../../api/types'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { createPasskey } from '../../lib/passkeys'
import {
  confirmPasskeyEndpoint,
  generatePasskeyEndpoint,
  passkeyOptionsEndpoint,
  passkeysEndpoint,
  removePasskeyEndpoint,
} from './api'
import {
  passkeyAddClosed,
  passkeyAddCodeEntered,
  passkeyAddCodeRejected,
  passkeyAddCodeSent,
  passkeyAddRequested,
  passkeyAdded,
  passkeyRemoveCodeRejected,
  passkeyRemoveCodeSent,
  passkeyRemoveClosed,
  passkeyRemoveConfirmed,
  passkeyRemoveRequested,
  passkeyRemoved,
  passkeysFailed,
  passkeysLoaded,
  passkeysRequested,
  selectPasskeys,
  type PasskeysState,
} from './passkeysSlice'
import { PASSKEYS_FAILED, PASSKEY_ADDED, PASSKEY_REMOVED } from './texts'

export function* fetchPasskeysSaga(): SagaIterator {
  const result: ApiResult<Passkey[]> = yield call(callApi<Passkey[]>, passkeysEndpoint())
  if (result.error) {
    yield put(passkeysFailed(failureReason(result.error, PASSKEYS_FAILED)))
    return
  }
  yield put(passkeysLoaded(result.data))
}

export function* sendAddCodeSaga(): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, generatePasskeyEndpoint())
  if (result.error) {
    yield put(passkeyAddClosed())
    yield put(toastError(failureReason(result.error)))
    return
  }
  yield put(passkeyAddCodeSent(result.data.message))
}

export function* addPasskeySaga(action: PayloadAction<{ code: string }>): SagaIterator {
  const options: ApiResult<PasskeyOptions> = yield call(callApi<PasskeyOptions>, passkeyOptionsEndpoint(action.payload.code))
  if (options.error) {
    yield put(passkeyAddCodeRejected())
    yield put(toastError(failureReason(options.error)))
    return
  }
  let credential: PasskeyRegistration
  try {
    credential = yield call(createPasskey, options.data.options)
  } catch (error) {
    // The code was used up by the options: adding starts again from a new code.
    yield put(passkeyAddClosed())
    yield put(toastError(error instanceof Error ? error.message : String(error)))
    return
  }
  const added: ApiResult<PasskeyAdded> = yield call(callApi<PasskeyAdded>, confirmPasskeyEndpoint(credential))
  if (added.error) {
    yield put(passkeyAddClosed())
    yield put(toastError(failureReason(added.error)))
    return
  }
  yield put(passkeyAdded(added.data.passkey))
  yield put(toastSuccess(PASSKEY_ADDED))
}

export function* removePasskeySaga(action: PayloadAction<{ id: number } | { otp: string }>): SagaIterator {
  const { remove }: PasskeysState = yield select(selectPasskeys)
  if (remove.id === null) return
  const otp = 'otp' in action.payload ? action.payload.otp : null
  const result: ApiResult<MessageResponse | CodeSent> = yield call(
    callApi<MessageResponse | CodeSent>,
    removePasskeyEndpoint(remove.id, otp),
  )
  if (result.error) {
    yield put(otp ? passkeyRemoveCodeRejected() : passkeyRemoveClosed())
    yield put(toastError(failureReason(result.error)))
    return
  }
  if (!otp) {
    yield put(passkeyRemoveCodeSent(result.data.message))
    return
  }
  yield put(passkeyRemoved(remove.id))
  yield put(toastSuccess(PASSKEY_REMOVED))
}

export function* passkeysSaga(): SagaIterator {
  yield all([
    takeLatest(passkeysRequested.type, fetchPasskeysSaga),
    takeLatest(passkeyAddRequested.type, sendAddCodeSaga),
    takeLatest(passkeyAddCodeEntered.type, addPasskeySaga),
    takeLatest([passkeyRemoveRequested.type, passkeyRemoveConfirmed.type], removePasskeySaga),
  ])
}
