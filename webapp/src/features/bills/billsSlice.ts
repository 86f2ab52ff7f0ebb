/**
 * The Bills Payment page's state: which side panel is open, the meter /
 * smart-card look-ups and the vend flow (initiate → code → result). The
 * catalogue, the accounts to pay from, the bundles and bouquets and the bill
 * history are reads (reads.ts). Panels watch `completed` to reset themselves.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { codeStepReducers } from '../../store/codeStep/slice'
import type { BillLog, BillProduct, Holder, VendPending, VendRequest } from './types'

/** The two products with a holder look-up before Proceed. */
export type LookupProduct = 'ELECTRICITY_BILL' | 'CABLE_TV'

export interface LookupState {
  /** What was looked up (provider, number, meter type): a result for another key is stale. */
  key: string
  status: 'loading' | 'resolved' | 'failed'
  holder: Holder | null
  error: string | null
}

export type VendStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'succeeded' | 'pending' | 'failed'

export interface BillsState {
  panel: BillProduct | null
  lookups: Partial<Record<LookupProduct, LookupState>>
  flow: {
    step: VendStep
    product: BillProduct | null
    request: VendRequest | null
    pending: VendPending | null
    /** The bill as the server last reported it after the code. */
    bill: BillLog | null
    /** A refused bill's reference (the 422's `referenceNumber`), for "Report a problem". */
    reference: string | null
    message: string | null
    error: string | null
    failures: number
    /** The history checks ended while the biller had not answered yet. */
    stillPending: boolean
    /** The bill was Pending first and settled later (its outcome is shown in the result dialog). */
    settledLater: boolean
  }
  /** Goes up after every confirmed payment (whatever its outcome), so panels reset. */
  completed: number
  detailsId: string | null
}

const idleFlow: BillsState['flow'] = {
  step: 'idle',
  product: null,
  request: null,
  pending: null,
  bill: null,
  reference: null,
  message: null,
  error: null,
  failures: 0,
  stillPending: false,
  settledLater: false,
}

const initialState: BillsState = {
  panel: null,
  lookups: {},
  flow: idleFlow,
  completed: 0,
  detailsId: null,
}

const vendStep = codeStepReducers((state: BillsState) => state.flow)

const billsSlice = createSlice({
  name: 'bills',
  initialState,
  reducers: {
    panelOpened(state, action: PayloadAction<BillProduct>) {
      state.panel = action.payload
    },
    panelClosed(state) {
      state.panel = null
      state.lookups = {}
    },
    lookupRequested(
      state,
      action: PayloadAction<{ product: LookupProduct; key: string; providerCode: string; number: string; meterType?: string; bouquetCode?: string | null }>,
    ) {
      state.lookups[action.payload.product] = { key: action.payload.key, status: 'loading', holder: null, error: null }
    },
    lookupResolved(state, action: PayloadAction<{ product: LookupProduct; key: string; holder: Holder }>) {
      const current = state.lookups[action.payload.product]
      if (current?.key !== action.payload.key) return
      state.lookups[action.payload.product] = { ...current, status: 'resolved', holder: action.payload.holder }
    },
    lookupFailed(state, action: PayloadAction<{ product: LookupProduct; key: string; error: string }>) {
      const current = state.lookups[action.payload.product]
      if (current?.key !== action.payload.key) return
      state.lookups[action.payload.product] = { ...current, status: 'failed', error: action.payload.error }
    },
    /** The number, provider or meter type changed: the retrieved name no longer applies. */
    lookupCleared(state, action: PayloadAction<LookupProduct>) {
      delete state.lookups[action.payload]
    },

    vendRequested(state, action: PayloadAction<{ product: BillProduct; body: VendRequest }>) {
      state.flow = { ...idleFlow, step: 'submitting', product: action.payload.product, request: action.payload.body }
    },
    vendInitiateFailed(state) {
      state.flow = idleFlow
    },
    vendCodeSent(state, action: PayloadAction<VendPending>) {
      state.flow.step = 'code'
      state.flow.pending = action.payload
    },
    vendConfirmRequested: vendStep.confirmRequested,
    vendPasskeyRequested: vendStep.passkeyRequested,
    vendPasskeyFailed: vendStep.passkeyFailed,
    vendCodeRejected: vendStep.codeRejected,
    vendSucceeded(state, action: PayloadAction<{ bill: BillLog; message: string }>) {
      state.flow.step = 'succeeded'
      state.flow.bill = action.payload.bill
      state.flow.message = action.payload.message
      state.completed += 1
      state.panel = null
      state.lookups = {}
    },
    vendPending(state, action: PayloadAction<{ bill: BillLog; message: string }>) {
      state.flow.step = 'pending'
      state.flow.bill = action.payload.bill
      state.flow.message = action.payload.message
      state.completed += 1
      state.panel = null
      state.lookups = {}
    },
    /** A refusal after the code: the panel stays open with its values for another try. */
    vendFailed(state, action: PayloadAction<{ error: string; bill?: BillLog | null; reference?: string | null }>) {
      state.flow.step = 'failed'
      state.flow.error = action.payload.error
      state.flow.bill = action.payload.bill ?? state.flow.bill
      state.flow.reference = action.payload.reference ?? state.flow.bill?.reference ?? null
    },
    /** A Pending bill as the history now reports it. */
    vendStatusUpdated(state, action: PayloadAction<BillLog>) {
      if (state.flow.bill?.id !== action.payload.id) return
      state.flow.bill = action.payload
      if (state.flow.step !== 'pending') return
      if (action.payload.vendingStatus !== 'PENDING') state.flow.settledLater = true
      if (action.payload.vendingStatus === 'FAILED') {
        state.flow.step = 'failed'
        state.flow.error = action.payload.message ?? null
      } else if (action.payload.vendingStatus !== 'PENDING') {
        state.flow.step = 'succeeded'
        state.flow.message = action.payload.message ?? null
      }
    },
    vendStillPending(state) {
      state.flow.stillPending = true
    },
    /** The code dialog was cancelled or the result was closed. */
    vendDialogClosed(state) {
      state.flow = idleFlow
    },

    detailsOpened(state, action: PayloadAction<string>) {
      state.detailsId = action.payload
    },
    detailsClosed(state) {
      state.detailsId = null
    },
  },
})

export const {
  panelOpened,
  panelClosed,
  lookupRequested,
  lookupResolved,
  lookupFailed,
  lookupCleared,
  vendRequested,
  vendInitiateFailed,
  vendCodeSent,
  vendConfirmRequested,
  vendCodeRejected,
  vendPasskeyRequested,
  vendPasskeyFailed,
  vendSucceeded,
  vendPending,
  vendFailed,
  vendStatusUpdated,
  vendStillPending,
  vendDialogClosed,
  detailsOpened,
  detailsClosed,
} = billsSlice.actions

export const billsReducer = billsSlice.reducer
export const selectBills = (state: { bills: BillsState }): BillsState => state.bills
