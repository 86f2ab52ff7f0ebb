import { BulkTransferInLimits } from '../../api/limits'

/** Customer-facing texts of the transfer page, word for word from docs/contract.md §8 where it gives them. */

export const TRANSFER_HEADING = 'Make A Transfer'
export const TRANSFER_SUBHEADING = 'Make a quick transfer'
export const TRANSFER_PAGE_SUBTITLE = 'Send money to anyone, at Kobo or any Nigerian bank'

export const TAB_LABELS = {
  INTRA_BANK: 'Intra Bank Transfer',
  OWN_ACCOUNT: 'Own Account Transfer',
  OTHER_BANK: 'Other Bank Transfer',
  BULK: 'Bulk Bank Transfer',
} as const

export const TRANSFERRED_SUCCESSFULLY = 'Transferred Successfully'
export const TRANSFER_ERROR = 'An error occurred while transferring'
export const BALANCES_ERROR = 'An error occurred while fetching account balances'

export const PENDING_TITLE = 'Transfer Pending'
export const FAILED_TITLE = 'Transfer Failed'
/** A payment the risk check held for review (docs/contract.md §16.1; the message is the BFF's). */
export const HELD_TITLE = 'Held for a check'
/** Shown when the status checks end before the bank gives its final answer. */
export const STILL_PENDING =
  'Your transfer is still being processed. We will send you an SMS as soon as it completes.'

export const BULK_NOT_RESOLVED = 'Every row needs a resolved account name before you can send'

/** The most rows in one bulk transfer, as the BFF declares it (MAX_BULK_ROWS). */
export const MAX_BULK_ROWS = BulkTransferInLimits.transfers.maxItems

// Not from the contract: the failed states of "errors are not empty data".
export const BALANCES_FAILED = "We couldn't load your balances"
export const BANKS_FAILED = "We couldn't load the list of banks"
export const BENEFICIARIES_FAILED = "We couldn't load your saved beneficiaries"

