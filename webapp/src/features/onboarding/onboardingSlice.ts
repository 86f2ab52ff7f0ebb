/**
 * Onboarding (docs/contract.md §6.1): three panels (Basic Profile,
 * Document Upload, Status) over the four review sections. The page opens on
 * Status when every section already has a status. The status, profile,
 * documents and document types are reads, saving, uploading and deleting mutations
 * (reads.ts); this slice keeps the panel on screen and the dialogs open.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { OnboardingPanel } from './types'

export interface OnboardingState {
  panel: OnboardingPanel
  /** False until the entry's status read has answered (and picked the first panel). */
  ready: boolean
  /** Goes up each time the customer goes to (or refreshes) Status, which then reads the latest. */
  statusVisits: number
  /** The document whose delete confirmation is open. */
  confirmDeleteId: number | null
  /** The View dialog's document (its content is a read, `useDocumentContentQuery`). */
  preview: { id: number } | null
}

export const initialOnboardingState: OnboardingState = {
  panel: 'basicProfile',
  ready: false,
  statusVisits: 0,
  confirmDeleteId: null,
  preview: null,
}

const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState: initialOnboardingState,
  reducers: {
    onboardingOpened() {
      return { ...initialOnboardingState }
    },
    /** The entry's status answered: open on Status if every section has a status. */
    onboardingReady(state, action: PayloadAction<OnboardingPanel>) {
      state.ready = true
      state.panel = action.payload
    },
    panelChanged(state, action: PayloadAction<OnboardingPanel>) {
      state.panel = action.payload
      if (action.payload === 'status') state.statusVisits += 1
    },
    deleteConfirmOpened(state, action: PayloadAction<number>) {
      state.confirmDeleteId = action.payload
    },
    deleteConfirmClosed(state) {
      state.confirmDeleteId = null
    },
    previewRequested(state, action: PayloadAction<number>) {
      state.preview = { id: action.payload }
    },
    previewClosed(state) {
      state.preview = null
    },
  },
})

export const {
  onboardingOpened,
  onboardingReady,
  panelChanged,
  deleteConfirmOpened,
  deleteConfirmClosed,
  previewRequested,
  previewClosed,
} = onboardingSlice.actions
export const onboardingReducer = onboardingSlice.reducer

export const selectOnboarding = (state: { onboarding: OnboardingState }) => state.onboarding
