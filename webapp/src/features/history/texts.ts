/** Customer-facing texts of the transaction history page, word for word from docs/contract.md §12. */
export const HISTORY_HEADING = 'Transaction History'
export const REQUEST_STATEMENT = 'Request Statement'
export const DETAILS_TITLE = 'Transaction Details'
export const TRANSACTIONS_ERROR = 'An error occurred while fetching transactions'
export const DETAILS_ERROR = 'An error occurred while fetching transaction details'
export const STATEMENT_ERROR = 'An error occurred while requesting bank statement'
export const STATEMENT_REQUESTED = 'Bank statement requested successfully and will be sent to your mail shortly'
export const NO_RECORDS = 'No records to display'
// Not from the contract: the failed and empty states of "errors are not empty data".
export const HISTORY_FAILED = "We couldn't load your transactions"
export const MAKE_A_TRANSFER = 'Make a transfer'
/** Statement file types (docs/contract.md §12.4). */
export const FILE_TYPES = ['PDF', 'EXCEL'] as const
/** The server's refusals (bff/history/service.py), also checked in the form before sending. */
export const END_BEFORE_START = 'The end date cannot be before the start date'
export const OVER_ONE_YEAR = 'A statement can cover at most one year'
export const START_IN_FUTURE = 'The start date cannot be in the future'
