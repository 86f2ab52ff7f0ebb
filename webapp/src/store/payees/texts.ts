/** Texts of the payee look-up and the bank list, word for word from docs/contract.md §8. */
export const INVALID_ACCOUNT_DETAILS = 'Invalid account details'
export const ACCOUNT_NUMBER_LENGTH = 'Account Number must be 10 characters'
export const BANKS_ERROR = 'An error occurred while fetching banks'
