/** The bank list and the name inquiry (docs/contract.md §8.2). */
import type { Endpoint } from '../../api/client'
import type { Bank, NameInquiry } from '../../api/transferTypes'
import { KOBO_BANK_CODE } from '../../lib/bank'

const BASE = '/api/transfer'

export const banksEndpoint = (): Endpoint<Bank[]> => ({ method: 'GET', path: `${BASE}/banks` })

/** Kobo accounts are looked up on the same-bank path; any other bank goes over NIP. */
export const nameInquiryEndpoint = (accountNumber: string, bankCode: string): Endpoint<NameInquiry> =>
  bankCode === KOBO_BANK_CODE
    ? { method: 'POST', path: `${BASE}/intrabank-name-inquiry`, body: { accountNumber } }
    : { method: 'POST', path: `${BASE}/name-inquiry`, body: { accountNumber, bankCode } }
