/**
 * The password policy as form rules (docs/contract.md §4.2), shared by
 * registration and password reset. The BFF applies the same policy with the
 * same sentences, so a password the form accepts is one the server accepts.
 */
import type { FormInstance, FormRule } from 'antd'
import { REQUIRED } from './validation'

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters'
export const PASSWORD_TOO_WEAK = 'Password must contain at least 1 uppercase letter, 1 special character, and 1 number'
export const CONFIRM_REQUIRED = 'Confirm Password is required'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORD_MIN_LENGTH = 8

/** An uppercase letter, a digit and a character that is neither a letter, a digit nor a space. */
export function isStrongPassword(value: string): boolean {
  return /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9\s]/.test(value)
}

export const passwordRules: FormRule[] = [
  { required: true, message: REQUIRED },
  {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve()
      if (value.length < PASSWORD_MIN_LENGTH) return Promise.reject(new Error(PASSWORD_TOO_SHORT))
      if (!isStrongPassword(value)) return Promise.reject(new Error(PASSWORD_TOO_WEAK))
      return Promise.resolve()
    },
  },
]

/** Rules for the confirmation field; `passwordField` names the field it must equal. */
export function confirmPasswordRules(passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: CONFIRM_REQUIRED },
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator(_, value: string | undefined) {
        if (!value || getFieldValue(passwordField) === value) return Promise.resolve()
        return Promise.reject(new Error(PASSWORDS_DO_NOT_MATCH))
      },
    }),
  ]
}
