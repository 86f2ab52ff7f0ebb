/** The saved beneficiaries' read through RTK Query (api/koboApi.ts). */
import type { Beneficiary } from './types'
import { useRead } from '../../api/useRead'
import { koboApi } from '../../api/koboApi'
import { beneficiariesEndpoint } from './api'
import { BENEFICIARIES_ERROR } from './texts'

/** The saved list, a read (api/koboApi.ts): shown on /beneficiary and offered on /transfer. */
export const beneficiariesApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    beneficiaries: build.query<Beneficiary[], void>({
      query: beneficiariesEndpoint,
      extraOptions: { fallback: BENEFICIARIES_ERROR },
      providesTags: ['Beneficiaries'],
    }),
  }),
})

export const useBeneficiariesQuery = () => useRead(beneficiariesApi.endpoints.beneficiaries, undefined)
