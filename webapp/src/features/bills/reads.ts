/** The bills' reads through RTK Query (api/koboApi.ts): the catalogue, the accounts a bill is
 * paid from, a provider's bundles or bouquets, and the bill payment history. The vend saga
 * invalidates the history and the accounts after a payment (`afterPayment`) and writes the
 * answers of its Pending checks into the history. */
import { koboApi, type ReadError } from '../../api/koboApi'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useRead } from '../../api/useRead'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import type { Account } from '../../api/types'
import { errorMessage, type ApiError } from '../../api/client'
import {
  airtimeProvidersEndpoint,
  bouquetsEndpoint,
  bundlesEndpoint,
  cableProvidersEndpoint,
  cardInfoEndpoint,
  dataProvidersEndpoint,
  electricityProvidersEndpoint,
  logsEndpoint,
  meterInfoEndpoint,
  meterTypesEndpoint,
  sourceAccountsEndpoint,
} from './api'
import { ACCOUNTS_ERROR, BILL_ERROR, FETCH_ERROR } from './texts'
import type { AirtimeProvider, BillLog, Holder, Product, Provider } from './types'

/** The two products with a holder look-up before Proceed. */
export type LookupProduct = 'ELECTRICITY_BILL' | 'CABLE_TV'

/** A meter or smart card to look up. */
export interface HolderArg {
  product: LookupProduct
  providerCode: string
  number: string
  meterType?: string
  bouquetCode?: string | null
}

export interface LookupState {
  status: 'loading' | 'resolved' | 'failed'
  holder: Holder | null
  error: string | null
}

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
    /** A write-like look-up: each press of 'Get … Details' asks again, even after a failure. */
    billHolder: build.mutation<Holder, HolderArg>({
      query: ({ product, providerCode, number, meterType, bouquetCode }) =>
        product === 'ELECTRICITY_BILL'
          ? meterInfoEndpoint({ meterNumber: number, electricityProviderCode: providerCode, meterType: meterType ?? null })
          : cardInfoEndpoint({ smartCardNumber: number, cableTvProviderCode: providerCode, cableTvProviderBouquetCode: bouquetCode ?? null }),
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

/**
 * A panel's holder look-up: `lookUp(key, arg)` asks (again), `clear()` forgets the answer when
 * the number, provider or meter type changes. `key` says what was looked up: `lookup` belongs
 * to it. The answer lives while the panel does.
 */
export function useHolderLookup() {
  const dispatch = useAppDispatch()
  const [asked, setAsked] = useState<{ key: string; requestId: string; reset(): void } | null>(null)
  const selectAnswer = useMemo(() => billsApi.endpoints.billHolder.select(asked?.requestId ?? skipToken), [asked])
  const answer = useAppSelector(selectAnswer)
  // An answer replaced by a new question, cleared or left with the panel leaves the store.
  useEffect(() => () => asked?.reset(), [asked])
  const lookUp = useCallback(
    (key: string, arg: HolderArg) => {
      const request = dispatch(billsApi.endpoints.billHolder.initiate(arg))
      setAsked({ key, requestId: request.requestId, reset: request.reset })
    },
    [dispatch],
  )
  const clear = useCallback(() => setAsked(null), [])
  let lookup: LookupState | undefined
  if (asked) {
    if (answer.isSuccess) lookup = { status: 'resolved', holder: answer.data, error: null }
    else if (answer.isError) lookup = { status: 'failed', holder: null, error: errorMessage(answer.error as ApiError, BILL_ERROR) }
    else lookup = { status: 'loading', holder: null, error: null }
  }
  return { lookup, lookedUp: asked?.key ?? null, lookUp, clear }
}
