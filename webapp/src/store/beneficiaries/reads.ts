/** The saved beneficiaries through RTK Query (api/koboApi.ts): the list and a delete. Saving
 * one is a code step (beneficiariesSaga.ts). */
import type { Beneficiary } from './types'
import type { MessageResponse } from '../../api/accountTypes'
import { useRead } from '../../api/useRead'
import { koboApi, onceDone, toastOutcome } from '../../api/koboApi'
import { beneficiariesEndpoint, deleteBeneficiaryEndpoint } from './api'
import { BENEFICIARIES_ERROR, BENEFICIARY_DELETED, DELETE_BENEFICIARY_ERROR } from './texts'

/** The saved list, a read (api/koboApi.ts): shown on /beneficiary and offered on /transfer. */
export const beneficiariesApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    beneficiaries: build.query<Beneficiary[], void>({
      query: beneficiariesEndpoint,
      extraOptions: { fallback: BENEFICIARIES_ERROR },
      providesTags: ['Beneficiaries'],
    }),
    /** The row leaves the list at once, then the list is asked for again. */
    deleteBeneficiary: build.mutation<MessageResponse, number>({
      query: deleteBeneficiaryEndpoint,
      invalidatesTags: onceDone('Beneficiaries'),
      async onQueryStarted(id, lifecycle) {
        if (!(await toastOutcome(lifecycle, DELETE_BENEFICIARY_ERROR, BENEFICIARY_DELETED))) return
        lifecycle.dispatch(beneficiariesApi.util.updateQueryData('beneficiaries', undefined, (list) => list.filter((b) => b.id !== id)))
      },
    }),
  }),
})

export const useBeneficiariesQuery = () => useRead(beneficiariesApi.endpoints.beneficiaries, undefined)
