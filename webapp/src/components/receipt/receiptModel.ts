/** What a receipt shows and how an outcome reads: shared by the receipt view and its callers. */

export type ReceiptOutcome = 'COMPLETED' | 'PENDING' | 'FAILED'

export interface ReceiptFacts {
  amount: number
  recipientName?: string | null
  /** The recipient's bank, or the biller for a bill. */
  bank?: string | null
  bankLabel?: string
  /** A NUBAN is masked; a phone, meter or card number is shown as is. */
  account?: string | null
  accountLabel?: string
  referenceNumber?: string | null
  date?: string | null
  description?: string | null
  token?: string | null
  units?: string | null
}

/** SUCCESS (bills) reads as COMPLETED; anything unknown is treated as still pending, never as done. */
export function outcomeOf(status: string | null | undefined): ReceiptOutcome {
  if (status === 'COMPLETED' || status === 'SUCCESS') return 'COMPLETED'
  if (status === 'FAILED') return 'FAILED'
  return 'PENDING'
}

/** A payment's status as every list of the app names it (history, bills, schedules): a
 * receipt must not call Successful what the history calls Completed. */
const STATUS_TAGS: Record<ReceiptOutcome, { color: string; label: string }> = {
  COMPLETED: { color: 'success', label: 'Completed' },
  PENDING: { color: 'warning', label: 'Pending' },
  FAILED: { color: 'error', label: 'Failed' },
}

/** A payment the risk check held for the team's review (docs/contract.md §16.1): Pending, and
 * told apart from a payment the bank has not answered yet. */
const HELD_TAG = { color: 'processing', label: 'Held for review' }

export const statusTagOf = (status: string, held?: boolean) => (held ? HELD_TAG : STATUS_TAGS[outcomeOf(status)])

/** A 16- or 20-digit token in groups of four, as printed on vending slips. */
export function groupToken(token: string): string {
  return /^\d{16,20}$/.test(token) ? token.replace(/(\d{4})(?=\d)/g, '$1-') : token
}

/** The steps of a flow that show the dialog. */
export type ResultStep = 'pending' | 'succeeded' | 'failed'

export const isResultStep = (step: string): step is ResultStep => step === 'pending' || step === 'succeeded' || step === 'failed'

/** The receipt status for a step. */
export const receiptStatusOf = (step: string) => (step === 'succeeded' ? 'COMPLETED' : step === 'failed' ? 'FAILED' : 'PENDING')

/** One of three titles by step. */
export function resultTitleOf(step: string, titles: { succeeded: string; failed: string; pending: string }): string {
  return step === 'succeeded' ? titles.succeeded : step === 'failed' ? titles.failed : titles.pending
}
