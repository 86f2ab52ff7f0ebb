/**
 * The transfer page's state: banks, balances, name look-ups (keyed by the form
 * that asked), the single-transfer flow (send → code → result) and the bulk
 * flow. Forms watch `completed` / `bulkCompleted` to reset themselves.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'
import type {
  Balances,
  Bank,
  BulkPending,
  BulkResult,
  BulkTransferRow,
  NameInquiry,
  PendingTransfer,
  Transfer,
  TransferKind,
  TransferRequest,
} from './types'

export interface LookupState {
  accountNumber: string
  bankCode: string
  status: 'loading' | 'resolved' | 'failed'
  result: NameInquiry | null
  error: string | null
}

export type FlowStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'pending' | 'succeeded' | 'failed'
export type BulkStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'done'

export interface TransfersState {
  banks: Bank[]
  banksLoad: Load
  balances: Balances | null
  balancesLoad: Load
  lookups: Record<string, LookupState>
  flow: {
    step: FlowStep
    kind: TransferKind | null
    request: TransferRequest | null
    pending: PendingTransfer | null
    /** The latest known state of the confirmed transfer. */
    result: Transfer | null
    error: string | null
    failures: number
    /** The status checks ended while the bank had not answered yet. */
    stillPending: boolean
  }
  completed: number
  bulk: {
    step: BulkStep
    pending: BulkPending | null
    result: BulkResult | null
    failures: number
    /** Row-level refusals of the first call, by row index (from `transfers[i].field`). */
    rowErrors: Record<number, string>
  }
  bulkCompleted: number
}

const idleFlow: TransfersState['flow'] = {
  step: 'idle',
  kind: null,
  request: null,
  pending: null,
  result: null,
  error: null,
  failures: 0,
  stillPending: false,
}

const idleBulk: TransfersState['bulk'] = { step: 'idle', pending: null, result: null, failures: 0, rowErrors: {} }

const initialState: TransfersState = {
  banks: [],
  banksLoad: idleLoad,
  balances: null,
  balancesLoad: idleLoad,
  lookups: {},
  flow: idleFlow,
  completed: 0,
  bulk: idleBulk,
  bulkCompleted: 0,
}

interface LookupKey {
  key: string
  accountNumber: string
  bankCode: string
}

const isCurrent = (state: TransfersState, { key, accountNumber, bankCode }: LookupKey) => {
  const current = state.lookups[key]
  return current && current.accountNumber === accountNumber && current.bankCode === bankCode
}

const transfersSlice = createSlice({
  name: 'transfers',
  initialState,
  reducers: {
    banksRequested(state) {
      state.banksLoad = loadStarted()
    },
    banksLoaded(state, action: PayloadAction<Bank[]>) {
      state.banks = action.payload
      state.banksLoad = loadSucceeded()
    },
    /** The payload is the reason shown above the forms. */
    banksFailed(state, action: PayloadAction<string>) {
      state.banksLoad = loadFailed(action.payload)
    },
    balancesRequested(state) {
      state.balancesLoad = loadStarted()
    },
    balancesLoaded(state, action: PayloadAction<Balances>) {
      state.balances = action.payload
      state.balancesLoad = loadSucceeded()
    },
    /** The payload is the reason shown in the balance panel. */
    balancesFailed(state, action: PayloadAction<string>) {
      state.balancesLoad = loadFailed(action.payload)
    },

    lookupRequested(state, action: PayloadAction<LookupKey>) {
      const { key, accountNumber, bankCode } = action.payload
      state.lookups[key] = { accountNumber, bankCode, status: 'loading', result: null, error: null }
    },
    lookupResolved(state, action: PayloadAction<LookupKey & { result: NameInquiry }>) {
      // A slower answer for a number the customer has since changed is ignored.
      if (!isCurrent(state, action.payload)) return
      state.lookups[action.payload.key] = { ...state.lookups[action.payload.key], status: 'resolved', result: action.payload.result }
    },
    lookupFailed(state, action: PayloadAction<LookupKey & { error: string }>) {
      if (!isCurrent(state, action.payload)) return
      state.lookups[action.payload.key] = { ...state.lookups[action.payload.key], status: 'failed', error: action.payload.error }
    },
    /** A beneficiary chosen from the saved list counts as a resolved name. */
    lookupSet(state, action: PayloadAction<LookupKey & { result: NameInquiry }>) {
      const { key, accountNumber, bankCode, result } = action.payload
      state.lookups[key] = { accountNumber, bankCode, status: 'resolved', result, error: null }
    },
    lookupCleared(state, action: PayloadAction<string>) {
      delete state.lookups[action.payload]
    },

    transferRequested(state, action: PayloadAction<{ kind: TransferKind; body: TransferRequest }>) {
      state.flow = { ...idleFlow, step: 'submitting', kind: action.payload.kind, request: action.payload.body }
    },
    transferCodeSent(state, action: PayloadAction<PendingTransfer>) {
      state.flow.step = 'code'
      state.flow.pending = action.payload
    },
    transferInitiateFailed(state) {
      state.flow = idleFlow
    },
    transferConfirmRequested(state, _action: PayloadAction<{ otp: string }>) {
      state.flow.step = 'confirming'
    },
    transferCodeRejected(state) {
      state.flow.step = 'code'
      state.flow.failures += 1
    },
    /** 200: done; the form resets and the dialog shows the receipt. */
    transferSucceeded(state, action: PayloadAction<Transfer>) {
      state.flow = { ...idleFlow, step: 'succeeded', kind: state.flow.kind, result: action.payload }
      state.completed += 1
    },
    /** 202: accepted, the bank has not answered yet; the form resets, the dialog shows Pending. */
    transferPending(state, action: PayloadAction<Transfer>) {
      state.flow.step = 'pending'
      state.flow.result = action.payload
      state.completed += 1
    },
    transferStatusUpdated(state, action: PayloadAction<Transfer>) {
      state.flow.result = action.payload
      if (action.payload.status === 'COMPLETED') state.flow.step = 'succeeded'
      if (action.payload.status === 'FAILED') {
        state.flow.step = 'failed'
        state.flow.error = action.payload.message ?? null
      }
    },
    transferStillPending(state) {
      state.flow.stillPending = true
    },
    /** 422: the transfer was refused after the code; the reason is the server's. */
    transferFailed(state, action: PayloadAction<string>) {
      state.flow.step = 'failed'
      state.flow.error = action.payload
    },
    transferDialogClosed(state) {
      state.flow = idleFlow
    },

    bulkRequested(state, _action: PayloadAction<{ transfers: BulkTransferRow[] }>) {
      state.bulk = { ...idleBulk, step: 'submitting' }
    },
    bulkCodeSent(state, action: PayloadAction<BulkPending>) {
      state.bulk.step = 'code'
      state.bulk.pending = action.payload
    },
    bulkInitiateFailed(state, action: PayloadAction<Record<number, string>>) {
      state.bulk = { ...idleBulk, rowErrors: action.payload }
    },
    bulkConfirmRequested(state, _action: PayloadAction<{ otp: string }>) {
      state.bulk.step = 'confirming'
    },
    bulkCodeRejected(state) {
      state.bulk.step = 'code'
      state.bulk.failures += 1
    },
    bulkDone(state, action: PayloadAction<BulkResult>) {
      state.bulk.step = 'done'
      state.bulk.result = action.payload
    },
    bulkRowUpdated(state, action: PayloadAction<Transfer>) {
      const result = state.bulk.result
      if (!result) return
      const index = result.transfers.findIndex((t) => t.id === action.payload.id)
      if (index < 0) return
      const before = result.transfers[index].status
      result.transfers[index] = action.payload
      if (before === action.payload.status) return
      if (before === 'PENDING' || before === 'PROCESSING') result.pending -= 1
      if (action.payload.status === 'COMPLETED') result.completed += 1
      if (action.payload.status === 'FAILED') result.failed += 1
    },
    /** Leaving the code step without sending. */
    bulkCancelled(state) {
      state.bulk = idleBulk
    },
    /** Starting a new batch after a finished one. */
    bulkReset(state) {
      state.bulk = idleBulk
      state.bulkCompleted += 1
    },
  },
})

export const {
  banksRequested,
  banksLoaded,
  banksFailed,
  balancesRequested,
  balancesLoaded,
  balancesFailed,
  lookupRequested,
  lookupResolved,
  lookupFailed,
  lookupSet,
  lookupCleared,
  transferRequested,
  transferCodeSent,
  transferInitiateFailed,
  transferConfirmRequested,
  transferCodeRejected,
  transferSucceeded,
  transferPending,
  transferStatusUpdated,
  transferStillPending,
  transferFailed,
  transferDialogClosed,
  bulkRequested,
  bulkCodeSent,
  bulkInitiateFailed,
  bulkConfirmRequested,
  bulkCodeRejected,
  bulkDone,
  bulkRowUpdated,
  bulkCancelled,
  bulkReset,
} = transfersSlice.actions
export const transfersReducer = transfersSlice.reducer

type WithTransfers = { transfers: TransfersState }
export const selectTransfers = (state: WithTransfers) => state.transfers
export const selectLookup = (key: string) => (state: WithTransfers) => state.transfers.lookups[key] as LookupState | undefined
