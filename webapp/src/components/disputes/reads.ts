/** The reported problem of one payment through RTK Query (api/koboApi.ts), for LinkedDispute. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { disputesEndpoint, type Dispute } from './api'

export const linkedDisputeApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    paymentDisputes: build.query<Dispute[], string>({
      query: (paymentReference) => disputesEndpoint(paymentReference),
      // Reporting a problem invalidates 'Disputes' (ReportProblemModal), so the status shows at once.
      providesTags: ['Disputes'],
    }),
  }),
})

export const usePaymentDisputesQuery = (paymentReference: string) =>
  useRead(linkedDisputeApi.endpoints.paymentDisputes, paymentReference)
