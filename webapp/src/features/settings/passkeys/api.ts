/** Passkey calls of Settings (docs/contract.md, "Passkeys"); apart from api.ts so that only
 * the Settings page downloads them. */
import type { Endpoint } from '../../../api/client'
import type { CodeSent, MessageResponse } from '../../../api/accountTypes'
import type { Passkey, PasskeyAdded, PasskeyAssertion, PasskeyOptions, PasskeyRegistration } from '../../../api/types'

const BASE = '/api/ibanking/personal'

export const passkeysEndpoint = (): Endpoint<Passkey[]> => ({ method: 'GET', path: `${BASE}/passkeys` })

/** Add a passkey, step 1: a code with the customer's current second factor. */
export const generatePasskeyEndpoint = (): Endpoint<MessageResponse> => ({
  method: 'GET',
  path: `${BASE}/2fa/passkey/generate`,
})

/** Step 2: the code; the browser's creation options. */
export const passkeyOptionsEndpoint = (code: string): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/2fa/passkey/options`,
  body: { code },
})

/** Step 3: the new credential. */
export const confirmPasskeyEndpoint = (body: PasskeyRegistration): Endpoint<PasskeyAdded> => ({
  method: 'POST',
  path: `${BASE}/2fa/passkey/confirm`,
  body,
})

/** Neither `otp` nor `passkey`: a code is sent (202); with one the passkey is removed (200). */
export const removePasskeyEndpoint = (
  id: number,
  approval: { otp: string } | { passkey: PasskeyAssertion } | null,
): Endpoint<MessageResponse | CodeSent> => ({
  method: 'POST',
  path: `${BASE}/passkeys/${id}/remove`,
  body: approval ?? {},
})

/** The passkey request options that approve removing this passkey and nothing else. */
export const removePasskeyOptionsEndpoint = (id: number): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/passkeys/${id}/passkey-options`,
})

export const renamePasskeyEndpoint = (id: number, name: string): Endpoint<Passkey> => ({
  method: 'POST',
  path: `${BASE}/passkeys/${id}/rename`,
  body: { name },
})
