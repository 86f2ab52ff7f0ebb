/** Customer-facing texts of scheduled payments, word for word from docs/contract.md §10 where it gives them. */

export const SCHEDULED_HEADING = 'Scheduled Payments'
export const DETAILS_TITLE = 'Schedule Payment Details'
export const EDIT_TITLE = 'Edit Scheduled Payment'

export const SCHEDULE_APPROVED = 'Scheduled Payment Approved'
export const SCHEDULE_EDITED = 'Scheduled payment edited successfully'

export const SCHEDULE_ERROR = 'An error occurred while scheduling transfer'
export const EDIT_ERROR = 'An error occurred while editing scheduled payments'
export const LIST_ERROR = 'An error occurred while fetching scheduled payments'
export const DETAILS_ERROR = 'An error occurred while fetching scheduled payment details'

export const NO_RECORDS = 'No records to display'
// Not from the contract: the failed and empty states of "errors are not empty data".
export const SCHEDULES_FAILED = "We couldn't load your scheduled payments"
export const SCHEDULE_FIRST_PAYMENT = 'Schedule your first payment'

export const SCHEDULE_INTERVALS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const

/** Table page sizes (docs/contract.md §1.6). */

export const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
}

export const TRANSFER_TYPE_LABELS: Record<string, string> = {
  INTRA_BANK: 'Intra Bank Transfer',
  OWN_ACCOUNT: 'Own Account Transfer',
  OTHER_BANK: 'Other Bank Transfer',
}
