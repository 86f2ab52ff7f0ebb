/** Customer-facing texts of the Bills Payment page, word for word from docs/contract.md §11 where it gives them. */
import type { BillProduct } from './types'

export const BILLS_HEADING = 'Bills Payment'

export const PANEL_TITLES: Record<BillProduct, string> = {
  AIRTIME: 'Buy Airtime',
  DATA: 'Data & Internet',
  ELECTRICITY_BILL: 'Pay Electricity Bill',
  CABLE_TV: 'Pay Cable TV Bill',
}

export const PRODUCT_LABELS: Record<string, string> = {
  AIRTIME: 'Airtime',
  DATA: 'Data',
  ELECTRICITY_BILL: 'Electricity',
  CABLE_TV: 'Cable TV',
}

export const GET_METER_DETAILS = 'Get Meter Details'
export const GET_CABLE_DETAILS = 'Get Cable Details'
export const PROCEED = 'Proceed'

export const MOBILE_NUMBER_LENGTH = 'Mobile Number must be 11 characters'
export const NETWORK_REQUIRED = 'Please choose a network'

export const DETAILS_TITLE = 'Bill Payment Details'
export const HISTORY_TITLE = 'Bill Payment History'
export const NO_RECORDS = 'No records to display'

/** For bill actions, the server's message, else this (docs/contract.md §11.6). */
export const SUCCESSFUL = 'Successful'
export const FETCH_ERROR = 'An error occurred while fetching data'
export const ACCOUNTS_ERROR = 'An error occurred while fetching accounts'
export const BILL_ERROR = 'An error occurred'

export const SUCCESS_TITLE = 'Payment Successful'
export const PENDING_TITLE = 'Payment Pending'
export const FAILED_TITLE = 'Payment Failed'
/** A bill the risk check held for review (docs/contract.md §16.1; the message is the BFF's). */
export const HELD_TITLE = 'Held for a check'
export const PENDING_TEXT = 'Your payment is being processed. We will send you an SMS when it completes.'

export const STATUS_LABELS: Record<string, string> = {
  SUCCESS: 'Completed',
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  FAILED: 'Failed',
}

// Not from the contract: the failed and empty states of "errors are not empty data".
export const CATALOG_FAILED = "We couldn't load the billers"
export const HISTORY_FAILED = "We couldn't load your bill payments"
export const PAY_FIRST_BILL = 'Buy airtime'
