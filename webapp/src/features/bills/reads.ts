/** The bills' reads through RTK Query (api/koboApi.ts): the catalogue and the bill payment
 * history. The vend saga invalidates the history after a payment and writes the answers of
 * its Pending checks into it. */
import { koboApi, type ReadError } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { errorMessage, isSessionError } from '../../api/client'
import { toastError } from '../../store/toastSlice'
import {
  airtimeProvidersEndpoint,
  cableProvidersEndpoint,
  dataProvidersEndpoint,
  electricityProvidersEndpoint,
  logsEndpoint,
  meterTypesEndpoint,
} from './api'
import { FETCH_ERROR } from './texts'
import type { AirtimeProvider, BillLog, Provider } from './types'

export interface Catalog {
  airtimeProviders: AirtimeProvider[]
  dataProviders: Provider[]
  electricityProviders: Provider[]
  cableProviders: Provider[]
  meterTypes: string[]
  /** The first of the five reads that failed, as the banner says it; what did arrive is kept. */
  failure: string | null
}

export const EMPTY_CATALOG: Catalog = {
  airtimeProviders: [],
  dataProviders: [],
  electricityProviders: [],
  cableProviders: [],
  meterTypes: [],
  failure: null,
}

export const billsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    /** The five catalogue reads as one answer: the tiles stay usable with what arrived, and a
     * failure is one banner and one toast (a panel whose billers are missing says so itself). */
    billCatalog: build.query<Catalog, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const endpoints = [
          airtimeProvidersEndpoint(),
          dataProvidersEndpoint(),
          electricityProvidersEndpoint(),
          cableProvidersEndpoint(),
          meterTypesEndpoint(),
        ]
        const results = await Promise.all(endpoints.map((endpoint) => baseQuery(endpoint)))
        const [airtime, data, electricity, cable, meterTypes] = results.map((r) => (r.data ?? []) as never[])
        const failed = results.find((r) => r.error)?.error as ReadError | undefined
        if (failed && !isSessionError(failed)) dispatch(toastError(errorMessage(failed, FETCH_ERROR)))
        return {
          data: {
            airtimeProviders: airtime,
            dataProviders: data,
            electricityProviders: electricity,
            cableProviders: cable,
            meterTypes,
            failure: failed ? failed.reason : null,
          },
        }
      },
      // One toast for the five (above), not one each.
      extraOptions: { fallback: FETCH_ERROR, toast: false },
    }),
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

export const useBillCatalogQuery = () => useRead(billsApi.endpoints.billCatalog, undefined)
const selectCatalogRead = billsApi.endpoints.billCatalog.select()
/** The catalogue's last answer, without asking (the page asks; the panels and dialogs show it). */
export const selectBillCatalog = (state: Parameters<typeof selectCatalogRead>[0]) => selectCatalogRead(state).data ?? EMPTY_CATALOG
