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

/** A 16- or 20-digit token in groups of four, as printed on vending slips. */
export function groupToken(token: string): string {
  return /^\d{16,20}$/.test(token) ? token.replace(/(\d{4})(?=\d)/g, '$1-') : token
}
