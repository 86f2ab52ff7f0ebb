/** Helpers of the filters and account pickers. */
import dayjs, { type Dayjs } from 'dayjs'
import type { Account } from '../../api/types'
import type { HistoryFilters } from './types'

/** dd-mm-yyyy → a day, or null. */
export function fromWireDay(text: string | undefined): Dayjs | null {
  const match = text ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(text) : null
  return match ? dayjs(new Date(Number(match[3]), Number(match[2]) - 1, Number(match[1]))) : null
}

export function activeFilterCount(query: HistoryFilters): number {
  return [query.accountNumber, query.startDate || query.endDate, query.transactionType, query.status].filter(Boolean).length
}

export function accountLabel(account: Pick<Account, 'accountTypeName' | 'accountNumber'>): string {
  return `${account.accountTypeName} (${account.accountNumber})`
}

