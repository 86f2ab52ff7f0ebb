/**
 * Onboarding (docs/contract.md §6.1): three panels (Basic Profile,
 * Document Upload, Status) over the four review sections. The page opens on
 * Status when every section already has a status. The status, profile,
 * documents and document types are reads (reads.ts); this slice keeps the
 * panel on screen and the writes in progress.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { FieldError } from '../../api/fieldErrors'
import type { BasicProfile, BasicProfileRequest, DocumentUploadRequest, OnboardingPanel } from './types'

export interface OnboardingState {
  panel: OnboardingPanel
  /** False until the entry's status read has answered (and picked the first panel). */
  ready: boolean
  /** Goes up each time the customer goes to (or refreshes) Status, which then reads the latest. */
  statusVisits: number
  savingProfile: boolean
  profileFieldErrors: FieldError[]
  /** The `documentTypeId` (slot) being uploaded. */
  uploadingSlot: number | null
  /** The document whose delete confirmation is open, and whether it is being deleted. */
  confirmDeleteId: number | null
  deleting: boolean
  /** The View dialog's document (its content is a read, `useDocumentContentQuery`). */
  preview: { id: number } | null
}

export const initialOnboardingState: OnboardingState = {
  panel: 'basicProfile',
  ready: false,
  statusVisits: 0,
  savingProfile: false,
  profileFieldErrors: [],
  uploadingSlot: null,
  confirmDeleteId: null,
  deleting: false,
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
    profileSaveRequested(state, _action: PayloadAction<BasicProfileRequest>) {
      state.savingProfile = true
      state.profileFieldErrors = []
    },
    /** The saved profile goes into its read (onboardingSaga.ts). */
    profileSaved(state, _action: PayloadAction<BasicProfile>) {
      state.savingProfile = false
      state.panel = 'documents'
    },
    profileSaveFailed(state, action: PayloadAction<FieldError[]>) {
      state.savingProfile = false
      state.profileFieldErrors = action.payload
    },
    uploadRequested(state, action: PayloadAction<DocumentUploadRequest>) {
      state.uploadingSlot = action.payload.documentTypeId
    },
    uploadFinished(state) {
      state.uploadingSlot = null
    },
    deleteConfirmOpened(state, action: PayloadAction<number>) {
      state.confirmDeleteId = action.payload
    },
    deleteConfirmClosed(state) {
      if (!state.deleting) state.confirmDeleteId = null
    },
    deleteRequested(state, _action: PayloadAction<number>) {
      state.deleting = true
    },
    deleteFinished(state) {
      state.deleting = false
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
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  uploadRequested,
  uploadFinished,
  deleteConfirmOpened,
  deleteConfirmClosed,
  deleteRequested,
  deleteFinished,
  previewRequested,
  previewClosed,
} = onboardingSlice.actions
export const onboardingReducer = onboardingSlice.reducer

export const selectOnboarding = (state: { onboarding: OnboardingState }) => state.onboarding
