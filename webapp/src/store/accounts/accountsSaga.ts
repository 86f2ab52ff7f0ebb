/**
 * Account flows: opening an account and the two-step disable (the list and the
 * types are reads, api.ts). Failures toast the server's `detail`, else the contract's
 * fallback sentence (docs/contract.md §7).
 */
import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, type ApiResult } from '../../api/client'
import { koboApi } from '../../api/koboApi'
import { toastFailure, toastSuccess } from '../toastSlice'
import {
  confirmDisableEndpoint,
  createAccountEndpoint,
  disableAccountEndpoint,
} from './api'
import {
  createAccountFailed,
  createAccountRequested,
  createAccountSucceeded,
  disableCodeRejected,
  disableCodeSent,
  disableConfirmRequested,
  disableFinished,
  disableRequested,
  selectAccounts,
  type AccountsState,
} from './accountsSlice'
import {
  ACCOUNT_CREATED,
  ACCOUNT_DISABLED,
  CREATE_ACCOUNT_ERROR,
  DISABLE_ACCOUNT_ERROR,
} from './texts'
import type { AccountCreated, CodeSent, MessageResponse } from '../../api/accountTypes'

/** After opening or disabling an account, every view of the accounts is refreshed. */
function* refreshAccounts(): SagaIterator {
  yield put(koboApi.util.invalidateTags(['Accounts', 'Dashboard']))
}

export function* createAccountSaga(action: PayloadAction<{ accountTypeId: number }>): SagaIterator {
  const result: ApiResult<AccountCreated> = yield call(
    callApi<AccountCreated>,
    createAccountEndpoint(action.payload.accountTypeId),
  )
  if (result.error) {
    yield put(createAccountFailed(errorMessage(result.error, CREATE_ACCOUNT_ERROR)))
    yield call(toastFailure, result.error, CREATE_ACCOUNT_ERROR)
    return
  }
  yield put(createAccountSucceeded(result.data.account))
  yield put(toastSuccess(ACCOUNT_CREATED))
  yield call(refreshAccounts)
}

export function* requestDisableSaga(action: PayloadAction<{ accountNumber: string }>): SagaIterator {
  const result: ApiResult<CodeSent> = yield call(
    callApi<CodeSent>,
    disableAccountEndpoint(action.payload.accountNumber),
  )
  if (result.error) {
    yield put(disableFinished())
    yield call(toastFailure, result.error, DISABLE_ACCOUNT_ERROR)
    return
  }
  yield put(disableCodeSent(result.data))
}

export function* confirmDisableSaga(action: PayloadAction<{ otp: string }>): SagaIterator {
  const { disable }: AccountsState = yield select(selectAccounts)
  if (!disable.accountNumber) return
  const result: ApiResult<MessageResponse> = yield call(
    callApi<MessageResponse>,
    confirmDisableEndpoint(disable.accountNumber, action.payload.otp),
  )
  if (result.error) {
    // A wrong code keeps the dialog open for another try; anything else ends the flow.
    if (result.error.status === 400) yield put(disableCodeRejected())
    else yield put(disableFinished())
    yield call(toastFailure, result.error, DISABLE_ACCOUNT_ERROR)
    return
  }
  yield put(disableFinished())
  yield put(toastSuccess(ACCOUNT_DISABLED))
  yield call(refreshAccounts)
}

export function* accountsSaga(): SagaIterator {
  yield all([
    takeLatest(createAccountRequested.type, createAccountSaga),
    takeLatest(disableRequested.type, requestDisableSaga),
    takeLatest(disableConfirmRequested.type, confirmDisableSaga),
  ])
}
