/** How a bill log reads on screen: status labels and colours, the recipient, sorting and search. */
import { formatNaira } from '../../lib/format'
import { PRODUCT_LABELS, STATUS_LABELS } from './texts'
import type { BillLog } from './types'

/** SUCCESS and COMPLETED both read Completed (docs/contract.md §11.3). */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status
}

export function statusColor(status: string): string {
  if (status === 'SUCCESS' || status === 'COMPLETED') return 'success'
  if (status === 'PENDING') return 'warning'
  if (status === 'FAILED') return 'error'
  return 'default'
}

/** The filter value of a status: SUCCESS and COMPLETED are one. */
export function statusGroup(status: string): string {
  return status === 'SUCCESS' ? 'COMPLETED' : status
}

export function productLabel(type: string): string {
  return PRODUCT_LABELS[type] ?? type
}

/** The number the bill was for: phone, meter or smart card. */
export function recipientOf(bill: BillLog): string {
  return bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber ?? ''
}

/** The bill as a report names it, like the BFF's (bff/bills/models.py, Vend.narration):
 * "₦500.00 for MTN airtime, 08031234567". */
export function billSummary(bill: BillLog): string {
  const number = recipientOf(bill)
  const title = bill.utilityProviderTitle
  const what =
    bill.utilityProductType === 'AIRTIME'
      ? `${title} airtime, ${number}`
      : bill.utilityProductType === 'DATA'
        ? `${title} bundle, ${number}`
        : bill.utilityProductType === 'ELECTRICITY_BILL'
          ? `${title}${bill.electricityMeterType ? ` ${bill.electricityMeterType.toLowerCase()}` : ''}, meter ${number}`
          : `${title}, smart card ${number}`
  return `${formatNaira(bill.amount)} for ${what}`
}

/** `dd-mm-yyyy hh:mm:ss` → a string that sorts by time. */
export function sortKeyOf(date: string): string {
  const match = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(date ?? '')
  if (!match) return date ?? ''
  const [, dd, mm, yyyy, hh, min, ss = '00'] = match
  return `${yyyy}${mm}${dd}${hh}${min}${ss}`
}

/** A 20-digit token in groups of four, as printed on vending slips. */
export function formatToken(token: string): string {
  return /^\d{20}$/.test(token) ? token.replace(/(\d{4})(?=\d)/g, '$1-') : token
}

export function matchesSearch(bill: BillLog, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  const haystack = [
    bill.reference,
    bill.utilityProviderTitle,
    productLabel(bill.utilityProductType),
    statusLabel(bill.vendingStatus),
    bill.phoneNumber,
    bill.electricityMeterNumber,
    bill.electricityMeterOwner,
    bill.cableTvSmartCardNumber,
    bill.vendingToken,
    bill.sourceAccount,
    bill.dateCreated,
    formatNaira(bill.amount),
    String(bill.amount),
  ]
  return haystack.some((value) => value && value.toLowerCase().includes(needle))
}
