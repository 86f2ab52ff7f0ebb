/** Authentication calls (docs/contract.md §3). */
import type { Endpoint } from '../../api/client'
import type { LoginRequest, LoginResponse, OtpVerificationRequest, SessionResponse } from '../../api/types'

import { AUTH_BASE } from '../../api/paths'

export { AUTH_BASE }

export const loginEndpoint = (body: LoginRequest): Endpoint<LoginResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/login`,
  body,
  // A wrong password answers 401; that is not an expired session.
  skipSessionExpiry: true,
})

export const otpVerificationEndpoint = (body: OtpVerificationRequest): Endpoint<SessionResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/otp-verification`,
  body,
})

export const logoutEndpoint = (): Endpoint<null> => ({
  method: 'POST',
  path: `${AUTH_BASE}/logout`,
  // We are already logging out; a 401 here must not start a second logout.
  skipSessionExpiry: true,
  timeoutMs: 5_000,
})

