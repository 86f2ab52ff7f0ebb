/**
 * Account side effects: the list, the account types, opening an account and
 * the two-step disable. Failures toast the server's `detail`, else the contract's
 * fallback sentence (docs/contract.md §7).
 */
import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, failureReason, type ApiResult } from '../../api/client'
import type { Account } from '../../api/types'
import { toastFailure, toastSuccess } from '../toastSlice'
import { summaryRequested } from './summarySlice'
import {
  accountTypesEndpoint,
  accountsEndpoint,
  confirmDisableEndpoint,
  createAccountEndpoint,
  disableAccountEndpoint,
} from './api'
import {
  accountTypesFailed,
  accountTypesLoaded,
  accountTypesRequested,
  accountsFailed,
  accountsLoaded,
  accountsRequested,
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
  ACCOUNT_TYPES_ERROR,
  CREATE_ACCOUNT_ERROR,
  DISABLE_ACCOUNT_ERROR,
} from './texts'
import type { AccountCreated, AccountType, CodeSent, MessageResponse } from '../../api/accountTypes'

export const ACCOUNTS_ERROR = 'An error occurred while fetching accounts'

export function* fetchAccountsSaga(): SagaIterator {
  const result: ApiResult<Account[]> = yield call(callApi<Account[]>, accountsEndpoint())
  if (result.error) {
    yield put(accountsFailed(failureReason(result.error, ACCOUNTS_ERROR)))
    yield call(toastFailure, result.error, ACCOUNTS_ERROR)
    return
  }
  yield put(accountsLoaded(result.data))
}

export function* fetchAccountTypesSaga(): SagaIterator {
  const result: ApiResult<AccountType[]> = yield call(callApi<AccountType[]>, accountTypesEndpoint())
  if (result.error) {
    yield put(accountTypesFailed())
    yield call(toastFailure, result.error, ACCOUNT_TYPES_ERROR)
    return
  }
  yield put(accountTypesLoaded(result.data))
}

/** After opening or disabling an account, every view of the accounts is refreshed. */
function* refreshAccounts(): SagaIterator {
  yield put(accountsRequested())
  yield put(summaryRequested())
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
    takeLatest(accountsRequested.type, fetchAccountsSaga),
    takeLatest(accountTypesRequested.type, fetchAccountTypesSaga),
    takeLatest(createAccountRequested.type, createAccountSaga),
    takeLatest(disableRequested.type, requestDisableSaga),
    takeLatest(disableConfirmRequested.type, confirmDisableSaga),
  ])
}
