/** Settings' reads through RTK Query (api/koboApi.ts): the transaction limits and the 2FA method. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { transactionLimitsEndpoint, twoFactorTypeEndpoint } from './api'
import { LIMITS_ERROR, TWO_FACTOR_TYPE_ERROR } from './texts'
import type { TransactionLimit, TwoFactorType } from './types'

export const settingsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    transactionLimits: build.query<TransactionLimit[], void>({
      query: transactionLimitsEndpoint,
      extraOptions: { fallback: LIMITS_ERROR },
      providesTags: ['Limits'],
    }),
    twoFactorType: build.query<TwoFactorType, void>({
      query: twoFactorTypeEndpoint,
      extraOptions: { fallback: TWO_FACTOR_TYPE_ERROR },
    }),
  }),
})

export const useTransactionLimitsQuery = () => useRead(settingsApi.endpoints.transactionLimits, undefined)
export const useTwoFactorTypeQuery = () => useRead(settingsApi.endpoints.twoFactorType, undefined)
