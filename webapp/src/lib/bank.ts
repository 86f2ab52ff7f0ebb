/** Kobo's own bank: its NIBSS institution code (docs/contract.md §8.6) and name. */
export const KOBO_BANK_CODE = '090605'
export const KOBO_BANK_NAME = 'Kobo Microfinance Bank'
