import type { Endpoint } from '../../api/client'
import type { PasskeyOptions } from '../../api/types'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
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

/** The passkey request options that approve these new limits and no others. */
export const limitPasskeyOptionsEndpoint = (body: { nuban: string; transactionLimitUuid: string }): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/transaction-limits/passkey-options`,
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

/** The passkey request options that approve switching to `method` (instead of the current
 * method's code; the new method's code is still asked). */
export const twoFactorPasskeyOptionsEndpoint = (method: 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/2fa/change/passkey-options`,
  body: { method },
})

export const confirmOtpEndpoint = (body: TwoFactorConfirmRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${BASE}/2fa/otp-authentication/confirm`,
  body,
})
