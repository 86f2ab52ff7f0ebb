/** The history through RTK Query (api/koboApi.ts): a page of transactions, one transaction,
 * and a statement asked for by e-mail. */
import { koboApi, toastsOutcome } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import type { MessageResponse } from '../../api/accountTypes'
import { statementEndpoint, transactionDetailEndpoint, transactionsEndpoint } from './api'
import { DETAILS_ERROR, STATEMENT_ERROR, STATEMENT_REQUESTED, TRANSACTIONS_ERROR } from './texts'
import type { HistoryQuery, StatementFileType, StatementRequest, TransactionDetail, TransactionPage } from './types'

export const historyApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    transactions: build.query<TransactionPage, HistoryQuery>({
      query: transactionsEndpoint,
      extraOptions: { fallback: TRANSACTIONS_ERROR },
      providesTags: ['History'],
    }),
    transaction: build.query<TransactionDetail, string>({
      query: transactionDetailEndpoint,
      extraOptions: { fallback: DETAILS_ERROR },
      providesTags: ['History'],
    }),
    requestStatement: build.mutation<MessageResponse, { fileType: StatementFileType; body: StatementRequest }>({
      query: ({ fileType, body }) => statementEndpoint(fileType, body),
      onQueryStarted: toastsOutcome(STATEMENT_ERROR, STATEMENT_REQUESTED),
    }),
  }),
})

export const useTransactionsQuery = (query: HistoryQuery) => useRead(historyApi.endpoints.transactions, query)
export const useTransactionQuery = (referenceNumber: string | null) =>
  useRead(historyApi.endpoints.transaction, referenceNumber ?? '', { skip: !referenceNumber })
