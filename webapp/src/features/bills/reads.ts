/** The bills' reads through RTK Query (api/koboApi.ts): the catalogue, the accounts a bill is
 * paid from, a provider's bundles or bouquets, and the bill payment history. The vend saga
 * invalidates the history and the accounts after a payment (`afterPayment`) and writes the
 * answers of its Pending checks into the history. */
import { koboApi, type ReadError } from '../../api/koboApi'
import { useMemo } from 'react'
import { useRead } from '../../api/useRead'
import { useAppSelector } from '../../store/hooks'
import type { Account } from '../../api/types'
import {
  airtimeProvidersEndpoint,
  bouquetsEndpoint,
  bundlesEndpoint,
  cableProvidersEndpoint,
  dataProvidersEndpoint,
  electricityProvidersEndpoint,
  logsEndpoint,
  meterTypesEndpoint,
  sourceAccountsEndpoint,
} from './api'
import { ACCOUNTS_ERROR, FETCH_ERROR } from './texts'
import type { AirtimeProvider, BillLog, Product, Provider } from './types'

/** Which provider's bundles (DATA) or bouquets (CABLE_TV). */
export interface ProductsArg {
  product: 'DATA' | 'CABLE_TV'
  providerCode: string
}

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
     * failure is one banner (a panel whose billers are missing says so itself). */
    billCatalog: build.query<Catalog, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
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
      extraOptions: { fallback: FETCH_ERROR },
    }),
    /** The accounts a bill may be paid from, with their balances: a payment changes them. */
    billSourceAccounts: build.query<Account[], void>({
      query: sourceAccountsEndpoint,
      extraOptions: { fallback: ACCOUNTS_ERROR },
      providesTags: ['Accounts', 'Balances'],
    }),
    billProducts: build.query<Product[], ProductsArg>({
      query: ({ product, providerCode }) => (product === 'DATA' ? bundlesEndpoint(providerCode) : bouquetsEndpoint(providerCode)),
      extraOptions: { fallback: FETCH_ERROR },
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

/** The accounts to pay from; the page asks when it opens, each panel's field shows them. */
export const useSourceAccountsQuery = () => useRead(billsApi.endpoints.billSourceAccounts, undefined)

const NO_PRODUCTS: Product[] = []
/** A provider's bundles or bouquets (none until a provider is chosen). Only this provider's:
 * while another provider's list is on its way the select shows none, never the last one's. */
export function useBillProducts(product: ProductsArg['product'], providerCode: string | undefined) {
  const code = providerCode ?? ''
  const arg = useMemo(() => ({ product, providerCode: code }), [product, code])
  const read = useRead(billsApi.endpoints.billProducts, arg, { skip: !providerCode })
  const selectOwn = useMemo(() => billsApi.endpoints.billProducts.select(arg), [arg])
  const own = useAppSelector(selectOwn).data
  return { items: providerCode ? (own ?? NO_PRODUCTS) : NO_PRODUCTS, loading: Boolean(providerCode) && read.isFetching, read }
}
