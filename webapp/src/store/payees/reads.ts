/** The bank list's read through RTK Query (api/koboApi.ts). */
import type { Bank } from '../../api/transferTypes'
import { useRead } from '../../api/useRead'
import { koboApi } from '../../api/koboApi'
import { banksEndpoint } from './api'
import { BANKS_ERROR } from './texts'

/** The bank list, a read (api/koboApi.ts) the transfer, beneficiary and schedule forms share. */
export const payeesApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    banks: build.query<Bank[], void>({
      query: banksEndpoint,
      extraOptions: { fallback: BANKS_ERROR },
      providesTags: ['Banks'],
    }),
  }),
})

export const useBanksQuery = () => useRead(payeesApi.endpoints.banks, undefined)
