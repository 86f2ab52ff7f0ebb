/** The transfer page's balances, a read through RTK Query (api/koboApi.ts). */
import type { Balances } from '../../api/transferTypes'
import { useRead } from '../../api/useRead'
import { koboApi } from '../../api/koboApi'
import { balanceEndpoint } from './api'
import { BALANCES_ERROR } from './texts'

export const transfersApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    balances: build.query<Balances, void>({
      query: balanceEndpoint,
      extraOptions: { fallback: BALANCES_ERROR },
      providesTags: ['Balances'],
    }),
  }),
})

export const useBalancesQuery = () => useRead(transfersApi.endpoints.balances, undefined)
