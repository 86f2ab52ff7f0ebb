/**
 * KYC (docs/contract.md §13.1): the current level and each level's review,
 * what the bank holds about the customer, the level-3 documents, and the
 * submission of the next level. The status, the biodata and the documents are
 * reads (reads.ts); this slice holds the submission.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { KycLevel, KycLevelRequest, KycReview, KycStatusResponse } from './types'

export interface FieldError {
  field: string
  message: string
}

export interface KycState {
  submitting: KycLevel | null
  /** Counts successful submissions, so the form can clear itself. */
  submitted: number
  /** The server's field errors of the last submission. */
  errors: FieldError[]
}

const initialState: KycState = {
  submitting: null,
  submitted: 0,
  errors: [],
}

const kycSlice = createSlice({
  name: 'kyc',
  initialState,
  reducers: {
    kycSubmitRequested(state, action: PayloadAction<{ level: KycLevel; body: KycLevelRequest }>) {
      state.submitting = action.payload.level
      state.errors = []
    },
    kycSubmitSucceeded(state) {
      state.submitting = null
      state.submitted += 1
    },
    kycSubmitFailed(state, action: PayloadAction<FieldError[]>) {
      state.submitting = null
      state.errors = action.payload
    },
  },
})

export const {
  kycSubmitRequested,
  kycSubmitSucceeded,
  kycSubmitFailed,
} = kycSlice.actions
export const kycReducer = kycSlice.reducer
export const selectKyc = (state: { kyc: KycState }) => state.kyc

/** The level whose form is shown: 0 shows level 1, 1 shows level 2, 2 or higher level 3. */
export function formLevelOf(currentLevel: number): KycLevel {
  if (currentLevel <= 0) return 1
  if (currentLevel === 1) return 2
  return 3
}

/** A level's review state, or null when nothing was submitted for it. */
export function reviewOf(status: KycStatusResponse | null, level: KycLevel): { status: KycReview | null; comment: string | null } {
  const row = status?.levels.find((l) => l.level === level)
  const value = row?.status?.toLowerCase()
  const known = value === 'pending' || value === 'approved' || value === 'declined' ? value : null
  return { status: known, comment: row?.comment ?? null }
}
