/**
 * A sign-in before the e-mail is verified answers 403 with
 * `code: "EMAIL_NOT_VERIFIED"` and the address (docs/contract.md); the login
 * saga then sends the user to /verify-email for that address.
 */
import type { ApiError } from '../api/client'
import { verifyEmailPath } from './base64'

export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED'

/** The /verify-email path to go to, or null when the error is something else. */
export function emailVerificationPathFor(error: ApiError | undefined, typedLogin: string): string | null {
  const body = error?.body
  if (error?.status !== 403 || !body || typeof body !== 'object') return null
  const { code, email } = body as { code?: unknown; email?: unknown }
  if (code !== EMAIL_NOT_VERIFIED) return null
  return verifyEmailPath(typeof email === 'string' && email ? email : typedLogin)
}
