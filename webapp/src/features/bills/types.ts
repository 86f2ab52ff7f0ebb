/** Wire types of the bill calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type AirtimeProvider = Schemas['AirtimeProviderOut']
export type Provider = Schemas['ProviderOut']
/** A data bundle or a cable TV bouquet: `{code, title, amount, validity}`. */
export type Product = Schemas['BundleOut']
export type MeterInfoRequest = Schemas['MeterInfoIn']
export type CardInfoRequest = Schemas['CardInfoIn']
export type Holder = Schemas['HolderOut']
export type VendRequest = Schemas['VendIn']
export type VendPending = Schemas['VendPendingOut']
export type VendConfirmRequest = Schemas['VendConfirmIn']
/** The confirm answer; its `bill.reference` is the one reference of the payment (history, receipt, statement). */
export type VendResult = Schemas['VendResultOut']
export type BillLog = Schemas['BillLogOut']

/** The four products of the page (docs/contract.md §11.4). */
export type BillProduct = 'AIRTIME' | 'DATA' | 'ELECTRICITY_BILL' | 'CABLE_TV'

/** Bill vendingStatus (docs/contract.md §11.3); SUCCESS and COMPLETED both read Completed. */
export type VendingStatus = 'SUCCESS' | 'COMPLETED' | 'PENDING' | 'FAILED'
