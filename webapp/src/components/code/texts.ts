/** Texts of the one-time-code dialogs, word for word from docs/contract.md §3. */

export const OTP_HEADINGS = {
  OTP_AUTHENTICATION: {
    title: 'OTP Verification',
    text: 'Enter OTP sent to registered email & phone number',
  },
  GOOGLE_AUTHENTICATOR: {
    title: 'Google Authentication',
    text: 'Enter the verification code in your google authenticator app',
  },
} as const

export const CODE_MUST_BE_DIGITS = 'The code must be 6 digits'

/** The step-up warning's box (docs/contract.md §16.1): ticked, the code step opens. */
export const UNDERSTOOD = 'I understand, and no one asked me to send this money'
