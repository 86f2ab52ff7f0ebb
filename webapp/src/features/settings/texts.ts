/** Customer-facing texts of the settings page, word for word from docs/contract.md §14. */
export const SETTINGS_TABS = {
  manage: 'Manage Account',
  password: 'Change Password',
  limits: 'Transaction Limit',
  twoFactor: '2 Factor Authentication',
  yourData: 'Your data',
} as const

export const PASSWORD_REQUIRED = 'Password is required'
export const PASSWORD_MIN = 'Password must be at least 8 characters'
export const PASSWORD_POLICY = 'Password must contain at least 1 uppercase letter, 1 special character, and 1 number'
export const CONFIRM_REQUIRED = 'Confirm Password is required'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORD_CHANGED = 'Password changed successfully'
export const PASSWORD_ERROR = 'An error occurred while changing password'

export const LIMITS_ERROR = 'An error occurred while fetching transaction limits'
export const LIMIT_EDITED = 'Transaction limit edited successfully'
export const LIMIT_ERROR = 'An error occurred while editing transaction limit'
export const DAILY_LIMIT_LABEL = 'Daily Transfer Limit'
export const SINGLE_LIMIT_LABEL = 'Maximum amount per transaction'

export const TWO_FACTOR_TYPE_ERROR = 'An error occurred while getting 2fa authentication type'
export const GOOGLE_SET = 'Google Authenticator set as 2fa successfully'
export const OTP_SET = 'Otp set as 2fa successfully'
export const OTP_OPTION = 'OTP authentication'
export const GOOGLE_OPTION = 'Google authenticator'

// Not from the contract: the failed states of "errors are not empty data".
export const ACCOUNTS_FAILED = "We couldn't load your accounts"
export const LIMITS_FAILED = "We couldn't load your transaction limits"
export const TWO_FACTOR_FAILED = "We couldn't load your sign-in method"
