/** KYC's reads through RTK Query (api/koboApi.ts): the status, the biodata and the level-3 documents. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { kycBiodataEndpoint, kycDocumentsEndpoint, kycStatusEndpoint } from './api'
import { BIODATA_ERROR, DOCUMENTS_ERROR, STATUS_ERROR } from './texts'
import type { KycBiodata, KycDocument, KycStatusResponse } from './types'

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
  }),
})

export const useKycStatusQuery = () => useRead(kycApi.endpoints.kycStatus, undefined)
export const useKycBiodataQuery = () => useRead(kycApi.endpoints.kycBiodata, undefined)
export const useKycDocumentsQuery = () => useRead(kycApi.endpoints.kycDocuments, undefined)
