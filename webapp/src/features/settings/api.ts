import type { Endpoint } from '../../api/client'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { Passkey, PasskeyAdded, PasskeyOptions, PasskeyRegistration } from '../../api/types'
import type {
  ChangePasswordRequest,
  GoogleCredentials,
  TransactionLimit,
  TransactionLimitConfirmRequest,
  TransactionLimitPending,
  TransactionLimitRequest,
  TwoFactorConfirmRequest,
  TwoFactorType,
} from './types'

const BASE = '/api/ibanking/personal'

/** Without `otp` the server checks the change and sends a code (202, CodeSent); with it, changes (200). */
export const changePasswordEndpoint = (body: ChangePasswordRequest): Endpoint<MessageResponse | CodeSent> => ({
  method: 'PATCH',
  path: `${BASE}/password`,
  body,
})

export const transactionLimitsEndpoint = (): Endpoint<TransactionLimit[]> => ({
  method: 'GET',
  path: `${BASE}/transaction-limits`,
})

export const setTransactionLimitEndpoint = (body: TransactionLimitRequest): Endpoint<TransactionLimitPending> => ({
  method: 'POST',
  path: `${BASE}/transaction-limits`,
  body,
})

export const confirmTransactionLimitEndpoint = (body: TransactionLimitConfirmRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${BASE}/transaction-limits/confirm`,
  body,
})

export const twoFactorTypeEndpoint = (): Endpoint<TwoFactorType> => ({ method: 'GET', path: `${BASE}/2fa/type` })

export const generateGoogleEndpoint = (): Endpoint<GoogleCredentials> => ({
  method: 'GET',
  path: `${BASE}/2fa/google-authenticator/generate`,
})

export const generateOtpEndpoint = (): Endpoint<MessageResponse> => ({
  method: 'GET',
  path: `${BASE}/2fa/otp-authentication/generate`,
})

export const confirmGoogleEndpoint = (body: TwoFactorConfirmRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${BASE}/2fa/google-authenticator/confirm`,
  body,
})

export const confirmOtpEndpoint = (body: TwoFactorConfirmRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${BASE}/2fa/otp-authentication/confirm`,
  body,
})

// passkeys (docs/contract.md, "Passkeys")
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

/** Without `otp` a code is sent (202); with it the passkey is removed (200). */
export const removePasskeyEndpoint = (id: number, otp: string | null): Endpoint<MessageResponse | CodeSent> => ({
  method: 'POST',
  path: `${BASE}/passkeys/${id}/remove`,
  body: otp ? { otp } : {},
})
