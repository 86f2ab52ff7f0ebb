/** KYC through RTK Query (api/koboApi.ts): the status, the biodata and the level-3 documents,
 * and the submission of the next level. */
import { koboApi, toastsOutcome } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import type { MessageResponse } from '../../api/accountTypes'
import { kycBiodataEndpoint, kycDocumentsEndpoint, kycStatusEndpoint, submitKycLevelEndpoint } from './api'
import { BIODATA_ERROR, DOCUMENTS_ERROR, STATUS_ERROR, SUBMITTED, SUBMIT_ERROR } from './texts'
import type { KycBiodata, KycDocument, KycLevel, KycLevelRequest, KycStatusResponse } from './types'

export const kycApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    kycStatus: build.query<KycStatusResponse, void>({
      query: kycStatusEndpoint,
      extraOptions: { fallback: STATUS_ERROR },
      providesTags: ['Kyc'],
    }),
    kycBiodata: build.query<KycBiodata, void>({
      query: kycBiodataEndpoint,
      extraOptions: { fallback: BIODATA_ERROR },
    }),
    kycDocuments: build.query<KycDocument[], void>({
      query: kycDocumentsEndpoint,
      extraOptions: { fallback: DOCUMENTS_ERROR },
      providesTags: ['Kyc'],
    }),
    /** The status (and, for level 3, the documents) are asked for again; after a refused check
     * (400) or a level that already has a status (409) too, as the status badge shows them. */
    submitKycLevel: build.mutation<MessageResponse, { level: KycLevel; body: KycLevelRequest }>({
      query: ({ level, body }) => submitKycLevelEndpoint(level, body),
      invalidatesTags: (_answer, error) => (!error || error.status === 400 || error.status === 409 ? ['Kyc'] : []),
      onQueryStarted: toastsOutcome(SUBMIT_ERROR, SUBMITTED),
    }),
  }),
})

export const useKycStatusQuery = () => useRead(kycApi.endpoints.kycStatus, undefined)
export const useKycBiodataQuery = () => useRead(kycApi.endpoints.kycBiodata, undefined)
export const useKycDocumentsQuery = () => useRead(kycApi.endpoints.kycDocuments, undefined)
