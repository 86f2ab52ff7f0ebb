import type { Endpoint } from '../../api/client'
import type { AccountCap, Balances, BulkPending, BulkResult, BulkTransferRow, PendingTransfer, Transfer, TransferKind, TransferRequest } from '../../api/transferTypes'
import type { DeviceCap, PasskeyAssertion, PasskeyOptions } from '../../api/types'

const BASE = '/api/transfer'

export const balanceEndpoint = (): Endpoint<Balances> => ({ method: 'GET', path: `${BASE}/balance` })

const INITIATE_PATHS: Record<TransferKind, string> = {
  INTRA_BANK: `${BASE}/intrabank`,
  OWN_ACCOUNT: `${BASE}/own-account`,
  OTHER_BANK: `${BASE}/other-banks`,
}

/** Own-account transfers are confirmed on the intra-bank path (docs/contract.md §8.6). */
const CONFIRM_PATHS: Record<TransferKind, string> = {
  INTRA_BANK: `${BASE}/intrabank/confirm`,
  OWN_ACCOUNT: `${BASE}/intrabank/confirm`,
  OTHER_BANK: `${BASE}/other-banks/confirm`,
}

export const initiateTransferEndpoint = (kind: TransferKind, body: TransferRequest): Endpoint<PendingTransfer> => ({
  method: 'POST',
  path: INITIATE_PATHS[kind],
  body,
})

/** With the code, or instead a passkey's approval of this transfer (docs/contract.md §8.4). */
export const confirmTransferEndpoint = (
  kind: TransferKind,
  id: string,
  proof: { otp: string } | { passkey: PasskeyAssertion },
): Endpoint<Transfer> => ({
  method: 'POST',
  path: CONFIRM_PATHS[kind],
  body: { id, ...proof },
  // The BFF may wait on the interbank switch before answering Pending.
  timeoutMs: 60_000,
})

/** The passkey request options that approve this transfer and no other. */
export const transferPasskeyOptionsEndpoint = (id: string): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: '/api/transfer/passkey-options',
  body: { id },
})

export const transferStatusEndpoint = (id: string): Endpoint<Transfer> => ({
  method: 'GET',
  path: `${BASE}/${encodeURIComponent(id)}`,
})

export const bulkTransferEndpoint = (transfers: BulkTransferRow[]): Endpoint<BulkPending> => ({
  method: 'POST',
  path: `${BASE}/bulk`,
  body: { transfers },
})

/** With the code, or instead a passkey's approval of the whole batch (docs/contract.md §8.5). */
export const confirmBulkEndpoint = (id: string, proof: { otp: string } | { passkey: PasskeyAssertion }): Endpoint<BulkResult> => ({
  method: 'POST',
  path: `${BASE}/bulk/confirm`,
  body: { id, ...proof },
  timeoutMs: 120_000,
})

/** The passkey request options that approve this batch, every row as it is, and no other. */
export const bulkPasskeyOptionsEndpoint = (id: string): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/bulk/passkey-options`,
  body: { id },
})

/** The new-device cap of this browser (docs/contract.md §8.3). */
export const deviceCapEndpoint = (): Endpoint<DeviceCap> => ({ method: 'GET', path: '/api/transfer/device-cap' })

/** The customer's accounts opened in the last day, each with its cap (docs/contract.md §16.5). */
export const newAccountCapsEndpoint = (): Endpoint<AccountCap[]> => ({ method: 'GET', path: '/api/transfer/new-account-caps' })
