/** Saved beneficiaries: the list, the Create a Beneficiary modal and deletes. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Beneficiary, CreateBeneficiaryRequest } from './types'

export interface BeneficiariesState {
  items: Beneficiary[]
  loading: boolean
  loaded: boolean
  failed: boolean
  createOpen: boolean
  creating: boolean
  deletingId: number | null
}

const initialState: BeneficiariesState = {
  items: [],
  loading: false,
  loaded: false,
  failed: false,
  createOpen: false,
  creating: false,
  deletingId: null,
}

const beneficiariesSlice = createSlice({
  name: 'beneficiaries',
  initialState,
  reducers: {
    beneficiariesRequested(state) {
      state.loading = true
      state.failed = false
    },
    beneficiariesLoaded(state, action: PayloadAction<Beneficiary[]>) {
      state.items = action.payload
      state.loading = false
      state.loaded = true
    },
    beneficiariesFailed(state) {
      state.loading = false
      state.failed = true
    },
    createBeneficiaryOpened(state) {
      state.createOpen = true
    },
    createBeneficiaryClosed(state) {
      if (!state.creating) state.createOpen = false
    },
    createBeneficiaryRequested(state, _action: PayloadAction<CreateBeneficiaryRequest>) {
      state.creating = true
    },
    createBeneficiarySucceeded(state, action: PayloadAction<Beneficiary>) {
      state.creating = false
      state.createOpen = false
      state.items = [action.payload, ...state.items.filter((b) => b.id !== action.payload.id)]
    },
    createBeneficiaryFailed(state) {
      state.creating = false
    },
    deleteBeneficiaryRequested(state, action: PayloadAction<{ id: number }>) {
      state.deletingId = action.payload.id
    },
    deleteBeneficiarySucceeded(state, action: PayloadAction<{ id: number }>) {
      state.deletingId = null
      state.items = state.items.filter((b) => b.id !== action.payload.id)
    },
    deleteBeneficiaryFailed(state) {
      state.deletingId = null
    },
  },
})

export const {
  beneficiariesRequested,
  beneficiariesLoaded,
  beneficiariesFailed,
  createBeneficiaryOpened,
  createBeneficiaryClosed,
  createBeneficiaryRequested,
  createBeneficiarySucceeded,
  createBeneficiaryFailed,
  deleteBeneficiaryRequested,
  deleteBeneficiarySucceeded,
  deleteBeneficiaryFailed,
} = beneficiariesSlice.actions
export const beneficiariesReducer = beneficiariesSlice.reducer
export const selectBeneficiaries = (state: { beneficiaries: BeneficiariesState }) => state.beneficiaries
