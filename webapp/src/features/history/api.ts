import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
import type { HistoryQuery, StatementFileType, StatementRequest, TransactionDetail, TransactionPage } from './types'

export const TRANSACTIONS_PATH = '/api/ibanking/personal/transactions'

/** One page of the customer's transactions, newest first; empty filters are left out. */
export const transactionsEndpoint = (query: HistoryQuery): Endpoint<TransactionPage> => ({
  method: 'GET',
  path: TRANSACTIONS_PATH,
  query: {
    accountNumber: query.accountNumber || undefined,
    startDate: query.startDate || undefined,
    endDate: query.endDate || undefined,
    transactionType: query.transactionType || undefined,
    status: query.status || undefined,
    search: query.search?.trim() || undefined,
    page: query.page,
    size: query.size,
  },
})

export const transactionDetailEndpoint = (referenceNumber: string): Endpoint<TransactionDetail> => ({
  method: 'GET',
  path: `${TRANSACTIONS_PATH}/${encodeURIComponent(referenceNumber)}`,
})

/** PDF goes to /download, Excel to /download/excel; the file arrives by e-mail. */
export const statementEndpoint = (fileType: StatementFileType, body: StatementRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: fileType === 'EXCEL' ? `${TRANSACTIONS_PATH}/download/excel` : `${TRANSACTIONS_PATH}/download`,
  body,
})
