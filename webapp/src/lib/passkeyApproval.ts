/**
 * Approve an action with a passkey (issue 40, docs/contract.md "Approve with a passkey"):
 * the action's own passkey-options call (its challenge commits to the action's details),
 * then the browser's assertion. Loaded on the click, with @simplewebauthn/browser; a failure
 * is toasted here and answers null (the dialog stays, and the code still works).
 */
import { call, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { errorMessage, type ApiResult, type Endpoint } from '../api/client'
import { callApi } from '../api/saga'
import type { PasskeyAssertion, PasskeyOptions } from '../api/types'
import { toastError } from '../store/toastSlice'
import { getPasskeyAssertion } from './passkeys'

export function* passkeyApprovalFor(optionsEndpoint: Endpoint<PasskeyOptions>): SagaIterator<PasskeyAssertion | null> {
  const options: ApiResult<PasskeyOptions> = yield call(callApi<PasskeyOptions>, optionsEndpoint)
  if (options.error) {
    yield put(toastError(errorMessage(options.error)))
    return null
  }
  try {
    return (yield call(getPasskeyAssertion, options.data.options)) as PasskeyAssertion
  } catch (error) {
    yield put(toastError(error instanceof Error ? error.message : String(error)))
    return null
  }
}
