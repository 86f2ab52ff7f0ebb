/** Wire types of the transfer calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from './schema'

type Schemas = components['schemas']

export type Bank = Schemas['BankOut']
export type Balances = Schemas['BalancesOut']
export type NameInquiryRequest = Schemas['NameInquiryIn']
export type NameInquiry = Schemas['NameInquiryOut']
export type TransferRequest = Schemas['TransferIn']
export type SchedulePaymentSetting = Schemas['SchedulePaymentSetting']
export type PendingTransfer = Schemas['PendingTransferOut']
/** A step-up's warning, shown before the code (docs/contract.md §16.1). */
export type RiskWarning = Schemas['RiskWarningOut']
/**
 * The confirm and status answers. `referenceNumber` is the one reference the
 * customer later finds in history, details, receipt and statement.
 */
export type Transfer = Schemas['TransferOut']
export type ConfirmTransferRequest = Schemas['ConfirmIn']
export type BulkTransferRow = Schemas['BulkTransferRow']
export type BulkTransferRequest = Schemas['BulkTransferIn']
export type BulkPending = Schemas['BulkPendingOut']
export type BulkResult = Schemas['BulkResultOut']
/** An account under the new-account cap (docs/contract.md §16.5). */
export type AccountCap = Schemas['AccountCapOut']

/** The three single-transfer tabs; the fourth (bulk) has its own flow. */
export type TransferKind = 'INTRA_BANK' | 'OWN_ACCOUNT' | 'OTHER_BANK'

/** Transfer statuses the BFF reports (docs/contract.md §8.4). */
export type TransferStatus = 'AWAITING_OTP' | 'PROCESSING' | 'PENDING' | 'COMPLETED' | 'FAILED'
