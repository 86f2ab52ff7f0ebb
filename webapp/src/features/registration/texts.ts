/** Customer-facing texts of registration and e-mail verification, word for word from docs/contract.md §4. */

export const REGISTERED_SUCCESSFULLY = 'Registered successfully'
export const OTP_VERIFIED = 'OTP verified'
export const OTP_RESENT = 'OTP Resent'

export const ENUMS_FETCH_FAILED = 'An error occurred while fetching fields'
export const STATES_FETCH_FAILED = 'An error occurred while fetching states'
export const ACCOUNT_TYPES_FETCH_FAILED = 'An error occurred while fetching account types'

export const TAB_LABELS = { NEW: 'New User', ACCOUNT_OWNER: 'Bank Account Owner' } as const

export const BVN_TOO_SHORT = 'Bvn must be at least 11 characters'

// The BFF's own sentences (docs/contract.md), reused so the form says what the server would.
export const PHONE_FORMAT = 'Phone number must be 11 digits'
export const EMAIL_FORMAT = 'Enter a valid email address'
export const ACCOUNT_NUMBER_FORMAT = 'Account Number must be 10 characters'
export const BVN_OR_PHONE = 'Enter your BVN or phone number'
export const MINIMUM_AGE = 18
export const TOO_YOUNG = `You must be at least ${MINIMUM_AGE} years old to register`

/** `requiredRegistrationParameter` value that makes the account number compulsory. */
export const ACCOUNT_NUMBER_PARAMETER = 'accountNumber'
