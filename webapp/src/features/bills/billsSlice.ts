/**
 * The Bills Payment page's state: which side panel is open and the vend flow
 * (initiate → code → result). The catalogue, the accounts to pay from, the
 * bundles and bouquets, the meter / smart-card look-ups and the bill history
 * are reads (reads.ts). Panels watch `completed` to reset themselves.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { codeStepReducers } from '../../store/codeStep/slice'
import type { BillLog, BillProduct, VendPending, VendRequest } from './types'

export type VendStep = 'idle' | 'submitting' | 'code' | 'confirming' | 'succeeded' | 'pending' | 'failed'

export interface BillsState {
  panel: BillProduct | null
  flow: {
    step: VendStep
    product: BillProduct | null
    request: VendRequest | null
    /** The meter's or card's holder the panel looked up, for the code dialog's summary. */
    holder: string | null
    pending: VendPending | null
    /** The bill as the server last reported it after the code. */
    bill: BillLog | null
    /** A refused bill's reference (the 422's `referenceNumber`), for "Report a problem". */
    reference: string | null
    message: string | null
    /** Why the payment failed (the result), or why its first call was refused (under the panel). */
    error: string | null
    /** The refusal was a 409: something to change in Settings (a freeze, a selfie owed). */
    inSettings: boolean
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
  holder: null,
  pending: null,
  bill: null,
  reference: null,
  message: null,
  error: null,
  inSettings: false,
  failures: 0,
  stillPending: false,
  settledLater: false,
}

const initialState: BillsState = {
  panel: null,
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
      // A refusal under the panel goes with it.
      if (state.flow.step === 'idle') state.flow = idleFlow
    },

    vendRequested(state, action: PayloadAction<{ product: BillProduct; body: VendRequest; holder?: string | null }>) {
      const { product, body, holder = null } = action.payload
      state.flow = { ...idleFlow, step: 'submitting', product, request: body, holder }
    },
    /** The first call was refused: the panel stays, with the reason under it. */
    vendInitiateFailed(state, action: PayloadAction<{ error: string | null; inSettings: boolean }>) {
      state.flow = { ...idleFlow, ...action.payload }
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
    },
    vendPending(state, action: PayloadAction<{ bill: BillLog; message: string }>) {
      state.flow.step = 'pending'
      state.flow.bill = action.payload.bill
      state.flow.message = action.payload.message
      state.completed += 1
      state.panel = null
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
