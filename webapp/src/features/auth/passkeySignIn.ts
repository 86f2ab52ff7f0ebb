/**
 * Sign in with a passkey (docs/contract.md, "Passkeys"): the server's challenge, the
 * browser's assertion (discoverable credential: no identifier typed), and the session.
 * Loaded on the click; a failure is toasted here and answers null.
 */
import { call, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { Endpoint } from '../../api/client'
import { errorMessage, type ApiResult } from '../../api/client'
import { callApi } from '../../api/saga'
import type { PasskeyAssertion, PasskeyOptions, PasskeySignInRequest, SessionResponse } from '../../api/types'
import { toastError } from '../../store/toastSlice'
import { getPasskeyAssertion, getPasskeyFromAutofill } from '../../lib/passkeys'
import { AUTH_BASE } from './api'

/** Sign in with a passkey, step 1: a challenge for any of the customer's passkeys. */
export const passkeySignInOptionsEndpoint = (): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${AUTH_BASE}/passkey/options`,
})

/** Step 2: the assertion; the same session answer as after the code step. */
export const passkeySignInEndpoint = (body: PasskeySignInRequest): Endpoint<SessionResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/passkey/sign-in`,
  body,
  // An unknown passkey answers 401; that is not an expired session.
  skipSessionExpiry: true,
})

export function* passkeySignIn(): SagaIterator<SessionResponse | null> {
  const options: ApiResult<PasskeyOptions> = yield call(callApi<PasskeyOptions>, passkeySignInOptionsEndpoint())
  if (options.error) {
    yield put(toastError(errorMessage(options.error)))
    return null
  }
  let credential: PasskeyAssertion
  try {
    credential = yield call(getPasskeyAssertion, options.data.options)
  } catch (error) {
    yield put(toastError(error instanceof Error ? error.message : String(error)))
    return null
  }
  return yield call(openSession, credential)
}

/** The e-mail field's autofill offers the customer's passkeys (conditional mediation):
 * a challenge is asked for when the login form opens, and the ceremony waits, silently,
 * until a passkey is picked. Null, with nothing shown, when the form moves on without one;
 * an assertion the server refuses is toasted as after the button. */
export function* passkeySignInFromAutofill(): SagaIterator<SessionResponse | null> {
  const options: ApiResult<PasskeyOptions> = yield call(callApi<PasskeyOptions>, passkeySignInOptionsEndpoint())
  if (options.error) return null // the button and the password still work; nothing to say yet
  const credential: PasskeyAssertion | null = yield call(getPasskeyFromAutofill, options.data.options)
  if (credential === null) return null
  return yield call(openSession, credential)
}

function* openSession(credential: PasskeyAssertion): SagaIterator<SessionResponse | null> {
  const result: ApiResult<SessionResponse> = yield call(
    callApi<SessionResponse>,
    passkeySignInEndpoint({ credential, remember: false }),
  )
  if (result.error) {
    yield put(toastError(errorMessage(result.error)))
    return null
  }
  return result.data
}
