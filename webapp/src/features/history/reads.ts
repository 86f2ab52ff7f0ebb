/** The history's reads through RTK Query (api/koboApi.ts): a page of transactions and one transaction. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { transactionDetailEndpoint, transactionsEndpoint } from './api'
import { DETAILS_ERROR, TRANSACTIONS_ERROR } from './texts'
import type { HistoryQuery, TransactionDetail, TransactionPage } from './types'

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
  }),
})

export const useTransactionsQuery = (query: HistoryQuery) => useRead(historyApi.endpoints.transactions, query)
export const useTransactionQuery = (referenceNumber: string | null) =>
  useRead(historyApi.endpoints.transaction, referenceNumber ?? '', { skip: !referenceNumber })
