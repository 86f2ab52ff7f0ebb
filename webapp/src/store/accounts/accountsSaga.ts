/**
 * Disabling an account: its code step (store/codeStep/), request → code → confirm; a code only,
 * no passkey approves it. Opening an account is a mutation (reads.ts). Failures toast the
 * server's `detail`, else the contract's fallback sentence (docs/contract.md §7).
 */
import { all, call, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { ApiResult } from '../../api/client'
import { codeStepSaga } from '../codeStep/saga'
import { toastFailure, toastSuccess } from '../toastSlice'
import { accountsApi } from './reads'
import { confirmDisableEndpoint, disableAccountEndpoint } from './api'
import {
  disableCodeRejected,
  disableCodeSent,
  disableConfirmRequested,
  disableFinished,
  disableRequested,
  selectAccounts,
  type AccountsState,
} from './accountsSlice'
import { ACCOUNT_DISABLED, DISABLE_ACCOUNT_ERROR } from './texts'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'

function* codeSent(result: ApiResult<CodeSent>): SagaIterator {
  if (result.error) {
    yield put(disableFinished())
    yield call(toastFailure, result.error, DISABLE_ACCOUNT_ERROR)
    return
  }
  yield put(disableCodeSent(result.data))
}

function* disabled(result: ApiResult<MessageResponse>): SagaIterator {
  if (result.error) {
    // A wrong code keeps the dialog open for another try; anything else ends the flow.
    yield put(result.error.status === 400 ? disableCodeRejected() : disableFinished())
    yield call(toastFailure, result.error, DISABLE_ACCOUNT_ERROR)
    return
  }
  yield put(disableFinished())
  yield put(toastSuccess(ACCOUNT_DISABLED))
  // Every view of the accounts is refreshed.
  yield put(accountsApi.util.invalidateTags(['Accounts', 'Dashboard']))
}

export function* accountsSaga(): SagaIterator {
  yield all(
    codeStepSaga({
      initiate: {
        requested: disableRequested.type,
        endpoint: ({ accountNumber }: { accountNumber: string }) => disableAccountEndpoint(accountNumber),
        answered: codeSent,
      },
      confirmRequested: disableConfirmRequested.type,
      pending: (state: { accounts: AccountsState }) => selectAccounts(state).disable.accountNumber,
      confirm: (accountNumber, approval) => confirmDisableEndpoint(accountNumber, approval as { otp: string }),
      answered: disabled,
    }),
  )
}
