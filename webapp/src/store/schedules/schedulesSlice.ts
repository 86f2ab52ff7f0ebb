/**
 * Scheduled payments (docs/contract.md §10.1 and §10.4):
 * the details modal (which payment is open), which pending one is being edited, and the
 * approval step that every new or edited schedule goes through (code → PATCH approve with
 * the referenceNumber). The transfer form watches `scheduled` to reset itself.
 * The list and each payment are reads, creating and editing one mutations (reads.ts),
 * whose answers open the approval step here. This folder is the domain's one home
 * besides its page (features/schedules): the transfer page's scheduling fields and approval
 * dialog are here too (ScheduleFields, ScheduleApprovalDialog).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { codeStepReducers } from '../codeStep/slice'
import type { ScheduledPayment } from './types'

export type ApprovalStep = 'idle' | 'code' | 'confirming'

export interface SchedulesState {
  /** The payment whose details are open. */
  details: { uuid: string | null }
  edit: { uuid: string | null }
  approval: {
    step: ApprovalStep
    /** Where the schedule came from: the transfer form (new) or the edit modal. */
    origin: 'transfer' | 'edit' | null
    referenceNumber: string | null
    /** What is being approved (the first item of the create answer, or the edited payment). */
    summary: ScheduledPayment | null
    /** How many payments share the reference (a bulk has one per row). */
    count: number
    twoFactor: string | null
    failures: number
    /** The customer has a passkey: "Approve with passkey" comes first (issue 40). */
    passkeyApproval?: boolean
  }
  /** Goes up after each approved new schedule: the transfer forms reset. */
  scheduled: number
}

const idleApproval: SchedulesState['approval'] = {
  step: 'idle',
  origin: null,
  referenceNumber: null,
  summary: null,
  count: 0,
  twoFactor: null,
  failures: 0,
}

const initialState: SchedulesState = {
  details: { uuid: null },
  edit: { uuid: null },
  approval: idleApproval,
  scheduled: 0,
}

const approvalStep = codeStepReducers((state: SchedulesState) => state.approval)

const schedulesSlice = createSlice({
  name: 'schedules',
  initialState,
  reducers: {
    /** Opens the details modal: it shows what the list knows at once, then the payment fresh. */
    detailsOpened(state, action: PayloadAction<string>) {
      state.details = { uuid: action.payload }
    },
    detailsClosed(state) {
      state.details = initialState.details
    },

    editOpened(state, action: PayloadAction<string>) {
      state.edit = { uuid: action.payload }
      state.details = initialState.details
    },
    editClosed(state) {
      state.edit = initialState.edit
    },
    /** Saved: the edit modal closes and the edited payment waits for its new code. */
    editSaved(state, action: PayloadAction<{ payment: ScheduledPayment; twoFactor: string | null }>) {
      const { payment, twoFactor } = action.payload
      state.edit = initialState.edit
      state.approval = {
        ...idleApproval,
        step: 'code',
        origin: 'edit',
        referenceNumber: payment.referenceNumber,
        summary: payment,
        count: 1,
        twoFactor,
      }
    },

    /** Created from the transfer page (the `createSchedule` mutation): it waits for its code. */
    scheduleCodeSent(state, action: PayloadAction<{ payments: ScheduledPayment[]; twoFactor: string | null }>) {
      const { payments, twoFactor } = action.payload
      const [first] = payments
      state.approval = {
        ...idleApproval,
        step: 'code',
        origin: 'transfer',
        referenceNumber: first?.referenceNumber ?? null,
        summary: first ?? null,
        count: payments.length,
        twoFactor,
      }
    },
    approveRequested: approvalStep.confirmRequested,
    /** The customer has a passkey (read after the code was sent). */
    approvalPasskeyOffered(state) {
      if (state.approval.step !== 'idle') state.approval.passkeyApproval = true
    },
    approvePasskeyRequested: approvalStep.passkeyRequested,
    approvePasskeyFailed: approvalStep.passkeyFailed,
    approveRejected: approvalStep.codeRejected,
    approveSucceeded(state) {
      if (state.approval.origin === 'transfer') state.scheduled += 1
      state.approval = idleApproval
    },
    approvalClosed(state) {
      state.approval = idleApproval
    },
  },
})

export const {
  detailsOpened,
  detailsClosed,
  editOpened,
  editClosed,
  editSaved,
  scheduleCodeSent,
  approveRequested,
  approveRejected,
  approvalPasskeyOffered,
  approvePasskeyRequested,
  approvePasskeyFailed,
  approveSucceeded,
  approvalClosed,
} = schedulesSlice.actions
export const schedulesReducer = schedulesSlice.reducer

type WithSchedules = { schedules: SchedulesState }
export const selectSchedules = (state: WithSchedules) => state.schedules
