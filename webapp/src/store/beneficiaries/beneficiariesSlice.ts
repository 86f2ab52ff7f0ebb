/** Saved beneficiaries: the Create a Beneficiary modal and deletes (the list is a read, api.ts). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ApprovalCodeSent } from '../../api/types'
import type { Beneficiary, CreateBeneficiaryRequest } from './types'

/** A beneficiary the server has checked and sent a code for: saved only once the code is sent back. */
export interface PendingBeneficiary {
  request: CreateBeneficiaryRequest
  message: string
  twoFactor: string
  /** The customer has a passkey: "Approve with passkey" comes first (issue 40). */
  passkeyApproval?: boolean
}

export interface BeneficiariesState {
  createOpen: boolean
  creating: boolean
  /** Set while the modal shows its code step (step-up, issue 12). */
  pending: PendingBeneficiary | null
  /** Goes up each time a code is refused, which clears the boxes. */
  codeFailures: number
  deletingId: number | null
}

const initialState: BeneficiariesState = {
  createOpen: false,
  creating: false,
  pending: null,
  codeFailures: 0,
  deletingId: null,
}

const beneficiariesSlice = createSlice({
  name: 'beneficiaries',
  initialState,
  reducers: {
    createBeneficiaryOpened(state) {
      state.createOpen = true
      state.pending = null
      state.codeFailures = 0
    },
    createBeneficiaryClosed(state) {
      if (state.creating) return
      state.createOpen = false
      state.pending = null
    },
    /** Step 1: the form's details, without a code. */
    createBeneficiaryRequested(state, _action: PayloadAction<CreateBeneficiaryRequest>) {
      state.creating = true
    },
    createBeneficiaryCodeSent(
      state,
      action: PayloadAction<{ request: CreateBeneficiaryRequest; sent: ApprovalCodeSent }>,
    ) {
      state.creating = false
      state.codeFailures = 0
      const { request, sent } = action.payload
      state.pending = { request, message: sent.message, twoFactor: sent.twoFactorAuthentication, passkeyApproval: sent.passkeyApproval }
    },
    /** Step 2: the same details again, with the code. */
    createBeneficiaryConfirmed(state, _action: PayloadAction<{ otp: string }>) {
      state.creating = true
    },
    /** Step 2 with a passkey: the browser's prompt, then the same details with its answer. */
    createBeneficiaryPasskeyRequested(state) {
      state.creating = true
    },
    /** No approval came back (cancelled, refused): the step stays as it was. */
    createBeneficiaryPasskeyFailed(state) {
      state.creating = false
    },
    createBeneficiarySucceeded(state, _action: PayloadAction<Beneficiary>) {
      state.creating = false
      state.createOpen = false
      state.pending = null
    },
    createBeneficiaryFailed(state) {
      state.creating = false
      if (state.pending) state.codeFailures += 1
    },
    deleteBeneficiaryRequested(state, action: PayloadAction<{ id: number }>) {
      state.deletingId = action.payload.id
    },
    deleteBeneficiarySucceeded(state, _action: PayloadAction<{ id: number }>) {
      state.deletingId = null
    },
    deleteBeneficiaryFailed(state) {
      state.deletingId = null
    },
  },
})

export const {
  createBeneficiaryOpened,
  createBeneficiaryClosed,
  createBeneficiaryRequested,
  createBeneficiaryCodeSent,
  createBeneficiaryConfirmed,
  createBeneficiarySucceeded,
  createBeneficiaryPasskeyRequested,
  createBeneficiaryPasskeyFailed,
  createBeneficiaryFailed,
  deleteBeneficiaryRequested,
  deleteBeneficiarySucceeded,
  deleteBeneficiaryFailed,
} = beneficiariesSlice.actions
export const beneficiariesReducer = beneficiariesSlice.reducer
export const selectBeneficiaries = (state: { beneficiaries: BeneficiariesState }) => state.beneficiaries
