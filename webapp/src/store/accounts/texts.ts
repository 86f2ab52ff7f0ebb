/** Customer-facing texts of account creation, funding and disabling (docs/contract.md §7). */
import { KOBO_BANK_NAME } from '../../lib/bank'

export const CREATE_ACCOUNT_TITLE = 'Create Account'
export const FUND_ACCOUNT_TITLE = 'Fund Account'
export const ACCOUNT_TYPE_LABEL = 'Account Type'
export const PLEASE_WAIT = 'Please wait a moment...'
export const ACCOUNT_CREATED = 'Account created successfully'
export const CREATE_ACCOUNT_ERROR = 'An error occurred while creating account'
export const ACCOUNT_TYPES_ERROR = 'An error occurred while fetching account types'
export const ACCOUNT_DISABLED = 'Account disabled successfully'
export const DISABLE_ACCOUNT_ERROR = 'An error occurred while disabling account'
export const DISABLED_BADGE = 'Disabled'
export const FUND_TABS = ['Bank Transfer', 'Own Account', 'USSD', 'Debit Card'] as const
export const FUND_BANK_NAME = KOBO_BANK_NAME
export const FUND_LIMIT_TEXT =
  'Transfer up to ₦ 500.00 to this account from any bank app or internet banking, and the funds will reflect instantly.'

/** docs/contract.md §7.1: the dashboard summary's fallback message. */
export const DASHBOARD_ERROR = 'An error occurred while fetching scheduled payments'
