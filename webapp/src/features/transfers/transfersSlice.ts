/**
 * The transfer page's flows: the single transfer (send → code → result) and the bulk
 * flow (the balances are a read, reads.ts). Forms watch `completed` / `bulkCompleted` to reset themselves.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { codeStepReducers } from '../../store/codeStep/slice'
import type { BulkPending, BulkResult, BulkTransferRow, PendingTransfer, Transfer, TransferKind, TransferRequest } from '../../api/transferTypes'

export type FlowStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'pending' | 'succeeded' | 'failed'
export type BulkStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'done'

export interface TransfersState {
  flow: {
    step: FlowStep
    kind: TransferKind | null
    request: TransferRequest | null
    pending: PendingTransfer | null
    /** The latest known state of the confirmed transfer. */
    result: Transfer | null
    /** Why the transfer failed (the result), or why the first call was refused (the form's error). */
    error: string | null
    /** The refusal was a 409: something to change in Settings (a freeze, instant transfers off). */
    inSettings?: boolean
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
    /** A refusal of the whole batch (a 409: something to change in Settings). */
    error?: string | null
    inSettings?: boolean
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
  flow: idleFlow,
  completed: 0,
  bulk: idleBulk,
  bulkCompleted: 0,
}

const flowStep = codeStepReducers((state: TransfersState) => state.flow)
const bulkStep = codeStepReducers((state: TransfersState) => state.bulk)

const transfersSlice = createSlice({
  name: 'transfers',
  initialState,
  reducers: {
    transferRequested(state, action: PayloadAction<{ kind: TransferKind; body: TransferRequest }>) {
      state.flow = { ...idleFlow, step: 'submitting', kind: action.payload.kind, request: action.payload.body }
    },
    transferCodeSent(state, action: PayloadAction<PendingTransfer>) {
      state.flow.step = 'code'
      state.flow.pending = action.payload
    },
    /** The first call was refused: the form shows why (docs/contract.md §16.1, a block). */
    transferInitiateFailed(state, action: PayloadAction<{ error: string | null; inSettings?: boolean }>) {
      state.flow = { ...idleFlow, kind: state.flow.kind, ...action.payload }
    },
    transferConfirmRequested: flowStep.confirmRequested,
    transferPasskeyRequested: flowStep.passkeyRequested,
    transferPasskeyFailed: flowStep.passkeyFailed,
    transferCodeRejected: flowStep.codeRejected,
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
    bulkInitiateFailed(state, action: PayloadAction<Pick<TransfersState['bulk'], 'rowErrors' | 'error' | 'inSettings'>>) {
      state.bulk = { ...idleBulk, ...action.payload }
    },
    bulkConfirmRequested: bulkStep.confirmRequested,
    bulkPasskeyRequested: bulkStep.passkeyRequested,
    bulkPasskeyFailed: bulkStep.passkeyFailed,
    bulkCodeRejected: bulkStep.codeRejected,
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
  transferRequested,
  transferCodeSent,
  transferInitiateFailed,
  transferConfirmRequested,
  transferCodeRejected,
  transferPasskeyRequested,
  transferPasskeyFailed,
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
  bulkPasskeyRequested,
  bulkPasskeyFailed,
  bulkDone,
  bulkRowUpdated,
  bulkCancelled,
  bulkReset,
} = transfersSlice.actions
export const transfersReducer = transfersSlice.reducer

type WithTransfers = { transfers: TransfersState }
export const selectTransfers = (state: WithTransfers) => state.transfers
