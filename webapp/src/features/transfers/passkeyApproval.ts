/**
 * Approve a transfer with a passkey (docs/contract.md §8.4): options bound to this transfer,
 * then the browser's assertion. Loaded on the click; a failure is toasted here and answers
 * null (the dialog stays, and the code still works).
 */
import { call, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { errorMessage, type ApiResult } from '../../api/client'
import { callApi } from '../../api/saga'
import type { PasskeyAssertion, PasskeyOptions } from '../../api/types'
import { toastError } from '../../store/toastSlice'
import { getPasskeyAssertion } from '../../lib/passkeys'
import { transferPasskeyOptionsEndpoint } from './api'

export function* passkeyApproval(transferId: string): SagaIterator<PasskeyAssertion | null> {
  const options: ApiResult<PasskeyOptions> = yield call(callApi<PasskeyOptions>, transferPasskeyOptionsEndpoint(transferId))
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
