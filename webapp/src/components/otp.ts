/** One-time code helpers shared by `OtpInput` and the forms that validate it. */

/** Verification code length (docs/contract.md §1.6). */
export const OTP_LENGTH = 6

/** Stands for an empty box inside an `OtpInput` value, so positions survive gaps. */
export const EMPTY = ' '

/** A code is complete when every box holds a character. */
export function isCompleteCode(value: string | undefined, length = OTP_LENGTH): boolean {
  return !!value && value.length === length && !value.includes(EMPTY)
}
