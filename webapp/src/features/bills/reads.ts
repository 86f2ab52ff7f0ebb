/** The bills' reads through RTK Query (api/koboApi.ts): the bill payment history. The vend
 * saga invalidates it after a payment and writes the answers of its Pending checks into it. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { logsEndpoint } from './api'
import { FETCH_ERROR } from './texts'
import type { BillLog } from './types'

export const billsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    billLogs: build.query<BillLog[], void>({
      query: logsEndpoint,
      extraOptions: { fallback: FETCH_ERROR },
      providesTags: ['BillLogs'],
    }),
  }),
})

export const useBillLogsQuery = () => useRead(billsApi.endpoints.billLogs, undefined)
/** The history's last answer, without asking (the details dialog shows one of its rows). */
export const selectBillLogs = billsApi.endpoints.billLogs.select()
