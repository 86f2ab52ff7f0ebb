import type { Account, PasskeyAssertion, PasskeyOptions } from '../../api/types'
import type { Endpoint } from '../../api/client'
import type {
  AirtimeProvider,
  BillLog,
  BillProduct,
  CardInfoRequest,
  Holder,
  MeterInfoRequest,
  Product,
  Provider,
  VendPending,
  VendRequest,
  VendResult,
} from './types'

const BASE = '/api/utility'
const PROVIDERS = `${BASE}/providers`

/** The path segment of each product's vend calls. */
export const VEND_SEGMENTS: Record<BillProduct, string> = {
  AIRTIME: 'airtime',
  DATA: 'databundle',
  ELECTRICITY_BILL: 'electricity',
  CABLE_TV: 'cabletv',
}

/** The accounts a bill can be paid from (docs/contract.md §11.4). */
export const sourceAccountsEndpoint = (): Endpoint<Account[]> => ({ method: 'GET', path: `${BASE}/source-accounts` })
export const logsEndpoint = (): Endpoint<BillLog[]> => ({ method: 'GET', path: `${BASE}/logs` })

export const airtimeProvidersEndpoint = (): Endpoint<AirtimeProvider[]> => ({ method: 'GET', path: `${PROVIDERS}/airtime` })
export const dataProvidersEndpoint = (): Endpoint<Provider[]> => ({ method: 'GET', path: `${PROVIDERS}/databundle` })
export const electricityProvidersEndpoint = (): Endpoint<Provider[]> => ({ method: 'GET', path: `${PROVIDERS}/electricity` })
export const cableProvidersEndpoint = (): Endpoint<Provider[]> => ({ method: 'GET', path: `${PROVIDERS}/cabletv` })

export const bundlesEndpoint = (code: string): Endpoint<Product[]> => ({
  method: 'GET',
  path: `${PROVIDERS}/databundle/${encodeURIComponent(code)}/bundles`,
})
export const bouquetsEndpoint = (code: string): Endpoint<Product[]> => ({
  method: 'GET',
  path: `${PROVIDERS}/cabletv/${encodeURIComponent(code)}/bouquets`,
})

/** Spelled as the product spells it (docs/contract.md §11.4). */
export const meterTypesEndpoint = (): Endpoint<string[]> => ({ method: 'GET', path: `${BASE}/roviders/electricity/meter-types` })

export const meterInfoEndpoint = (body: MeterInfoRequest): Endpoint<Holder> => ({
  method: 'POST',
  path: `${PROVIDERS}/electricity/meter-info`,
  body,
})
export const cardInfoEndpoint = (body: CardInfoRequest): Endpoint<Holder> => ({
  method: 'POST',
  path: `${PROVIDERS}/cabletv/card-info`,
  body,
})

export const initiateVendEndpoint = (product: BillProduct, body: VendRequest): Endpoint<VendPending> => ({
  method: 'POST',
  path: `${PROVIDERS}/${VEND_SEGMENTS[product]}/vend/initiate`,
  body,
})

/** With the code, or instead a passkey's approval of this bill (docs/contract.md §11.3). */
export const confirmVendEndpoint = (
  product: BillProduct,
  utilityVendingRequestId: string,
  proof: { otp: string } | { passkey: PasskeyAssertion },
): Endpoint<VendResult> => ({
  method: 'POST',
  path: `${PROVIDERS}/${VEND_SEGMENTS[product]}/vend/confirm`,
  body: { ...proof, utilityVendingRequestId },
  // The BFF may wait on the biller (and a timeout) before answering Pending.
  timeoutMs: 60_000,
})

/** The passkey request options that approve this bill payment and no other. */
export const billPasskeyOptionsEndpoint = (utilityVendingRequestId: string): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: '/api/utility/passkey-options',
  body: { utilityVendingRequestId },
})
