/** One-time code helpers shared by the code dialogs. */
import { isCompleteCode } from '../otp'
import { REQUIRED } from '../../lib/validation'
import { CODE_MUST_BE_DIGITS } from './texts'

export type SecondFactor = 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'

export function secondFactorOf(value: string | null | undefined): SecondFactor {
  return value === 'GOOGLE_AUTHENTICATOR' ? 'GOOGLE_AUTHENTICATOR' : 'OTP_AUTHENTICATION'
}

/** Form rule for a six-digit code: required, then digits only. */
export const codeRule = {
  validator: (_: unknown, value: string | undefined) => {
    if (!isCompleteCode(value)) return Promise.reject(new Error(REQUIRED))
    if (!/^\d{6}$/.test(value ?? '')) return Promise.reject(new Error(CODE_MUST_BE_DIGITS))
    return Promise.resolve()
  },
}
