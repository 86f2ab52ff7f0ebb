/**
 * "0123456789" → "012****789": enough of an account number for the customer
 * to recognise it on a receipt they may share, not enough to reuse it.
 * Anything that is not a 10-digit NUBAN (phone, meter, card) is shown as is.
 */
export function maskAccountNumber(accountNumber: string | null | undefined): string {
  if (!accountNumber) return ''
  return /^\d{10}$/.test(accountNumber) ? `${accountNumber.slice(0, 3)}****${accountNumber.slice(-3)}` : accountNumber
}
