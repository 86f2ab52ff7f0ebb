/** Saved beneficiaries: the Create a Beneficiary modal and its code step (the list is a read,
 * a delete a mutation: reads.ts). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { codeStepReducers } from '../codeStep/slice'
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
  /** The modal's code step (step-up, issue 12): `submitting` and `confirming` while a call is out. */
  step: 'idle' | 'submitting' | 'code' | 'confirming'
  /** Set while the modal shows its code step. */
  pending: PendingBeneficiary | null
  /** Goes up each time a code is refused, which clears the boxes. */
  failures: number
}

const initialState: BeneficiariesState = {
  createOpen: false,
  step: 'idle',
  pending: null,
  failures: 0,
}

const isCreating = (state: BeneficiariesState) => state.step === 'submitting' || state.step === 'confirming'
const createStep = codeStepReducers((state: BeneficiariesState) => state)

const beneficiariesSlice = createSlice({
  name: 'beneficiaries',
  initialState,
  reducers: {
    createBeneficiaryOpened(state) {
      state.createOpen = true
      state.step = 'idle'
      state.pending = null
      state.failures = 0
    },
    createBeneficiaryClosed(state) {
      if (isCreating(state)) return
      state.createOpen = false
      state.step = 'idle'
      state.pending = null
    },
    /** Step 1: the form's details, without a code. */
    createBeneficiaryRequested(state, _action: PayloadAction<CreateBeneficiaryRequest>) {
      state.step = 'submitting'
    },
    createBeneficiaryCodeSent(
      state,
      action: PayloadAction<{ request: CreateBeneficiaryRequest; sent: ApprovalCodeSent }>,
    ) {
      state.step = 'code'
      state.failures = 0
      const { request, sent } = action.payload
      state.pending = { request, message: sent.message, twoFactor: sent.twoFactorAuthentication, passkeyApproval: sent.passkeyApproval }
    },
    /** Step 2: the same details again, with the code (or a passkey's answer). */
    createBeneficiaryConfirmed: createStep.confirmRequested,
    createBeneficiaryPasskeyRequested: createStep.passkeyRequested,
    createBeneficiaryPasskeyFailed: createStep.passkeyFailed,
    createBeneficiaryCodeRejected: createStep.codeRejected,
    createBeneficiarySucceeded(state, _action: PayloadAction<Beneficiary>) {
      state.step = 'idle'
      state.createOpen = false
      state.pending = null
    },
    /** The details were refused before any code was sent: the form stays as it was. */
    createBeneficiaryFailed(state) {
      state.step = 'idle'
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
  createBeneficiaryCodeRejected,
} = beneficiariesSlice.actions
export const beneficiariesReducer = beneficiariesSlice.reducer
export const selectBeneficiaries = (state: { beneficiaries: BeneficiariesState }) => state.beneficiaries
export const selectBeneficiaryCreating = (state: { beneficiaries: BeneficiariesState }) => isCreating(state.beneficiaries)
