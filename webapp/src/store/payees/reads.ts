/**
 * The bank list and the name look-up, reads through RTK Query (api/koboApi.ts). The payee
 * domain's one folder: the forms' side is here too (nameLookup.ts, AccountNumberField, LookupStatus).
 */
import type { ApiError } from '../../api/client'
import type { Bank, NameInquiry } from '../../api/transferTypes'
import { useRead } from '../../api/useRead'
import { koboApi } from '../../api/koboApi'
import { banksEndpoint, nameInquiryEndpoint } from './api'
import { BANKS_ERROR, INVALID_ACCOUNT_DETAILS } from './texts'

/** A payee to look up: a complete account number and its bank. */
export interface Payee {
  accountNumber: string
  bankCode: string
}

/** The bank list and the name look-ups the transfer, beneficiary and schedule forms share. */
export const payeesApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    banks: build.query<Bank[], void>({
      query: banksEndpoint,
      extraOptions: { fallback: BANKS_ERROR },
      providesTags: ['Banks'],
    }),
    // The form says a failed look-up under the field (LookupStatus).
    nameInquiry: build.query<NameInquiry, Payee>({
      query: ({ accountNumber, bankCode }) => nameInquiryEndpoint(accountNumber, bankCode),
    }),
  }),
})

export const useBanksQuery = () => useRead(payeesApi.endpoints.banks, undefined)

/** A refused look-up reads "Invalid account details"; an outage says so in the server's words. */
export function lookupErrorText(error: ApiError): string {
  if (error.status === 400 || error.status === 404 || !error.detail) return INVALID_ACCOUNT_DETAILS
  return error.detail
}
