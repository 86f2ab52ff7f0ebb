/** Wire types of the history and statement calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

/** A line names the other party (`counterpartyName`, `counterpartyBank`) and the customer's `description`. */
export type Transaction = Schemas['TransactionOut']
/** The details add the electricity `token` and `units` of a prepaid meter. */
export type TransactionDetail = Schemas['TransactionDetailOut']
export type TransactionPage = Schemas['TransactionPageOut']
export type StatementRequest = Schemas['StatementIn']

export type TransactionType = 'CREDIT' | 'DEBIT'
export type TransactionStatus = 'COMPLETED' | 'PENDING' | 'FAILED'
export type StatementFileType = 'PDF' | 'EXCEL'

/** The filters of the history table; dates are dd-mm-yyyy as sent. */
export interface HistoryFilters {
  accountNumber?: string
  startDate?: string
  endDate?: string
  transactionType?: TransactionType
  status?: TransactionStatus
  search?: string
}

/** One page request: the filters plus a 0-based page and its size. */
export interface HistoryQuery extends HistoryFilters {
  page: number
  size: number
}
