/** Customer service's reads through RTK Query (api/koboApi.ts): the reported problems. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { disputesEndpoint, type Dispute } from '../../components/disputes/api'
import { DISPUTES_FAILED } from '../../components/disputes/texts'

export const ticketsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    disputes: build.query<Dispute[], void>({
      query: () => disputesEndpoint(),
      // The list says it where it would be; the tickets beside it stay usable.
      extraOptions: { fallback: DISPUTES_FAILED, toast: false },
      providesTags: ['Disputes'],
    }),
  }),
})

export const useDisputesQuery = () => useRead(ticketsApi.endpoints.disputes, undefined)
