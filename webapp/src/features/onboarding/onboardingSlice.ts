/**
 * Onboarding (docs/contract.md §6.1): three panels (Basic Profile,
 * Document Upload, Status) over the four review sections. The page opens on
 * Status when every section already has a status.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { FieldError } from '../../api/fieldErrors'
import type {
  BasicProfile,
  BasicProfileRequest,
  DocumentTypeOption,
  DocumentUploadRequest,
  OnboardingDocument,
  OnboardingPanel,
  OnboardingStatus,
} from './types'

export interface OnboardingState {
  panel: OnboardingPanel
  /** False until the entry's status read has answered (and picked the first panel). */
  ready: boolean
  status: OnboardingStatus | null
  statusLoading: boolean
  profile: BasicProfile | null
  profileLoading: boolean
  savingProfile: boolean
  profileFieldErrors: FieldError[]
  documents: OnboardingDocument[]
  documentsLoading: boolean
  documentTypes: DocumentTypeOption[]
  documentTypesLoading: boolean
  /** The `documentTypeId` (slot) being uploaded. */
  uploadingSlot: number | null
  /** The document whose delete confirmation is open, and whether it is being deleted. */
  confirmDeleteId: number | null
  deleting: boolean
  /** The View dialog: which document, and its content once downloaded. */
  preview: { id: number; content: string | null } | null
  /** The passport picture shown in its frame. */
  passportImage: { id: number; content: string } | null
}

export const initialOnboardingState: OnboardingState = {
  panel: 'basicProfile',
  ready: false,
  status: null,
  statusLoading: false,
  profile: null,
  profileLoading: false,
  savingProfile: false,
  profileFieldErrors: [],
  documents: [],
  documentsLoading: false,
  documentTypes: [],
  documentTypesLoading: false,
  uploadingSlot: null,
  confirmDeleteId: null,
  deleting: false,
  preview: null,
  passportImage: null,
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
    },
    statusRequested(state) {
      state.statusLoading = true
    },
    statusLoaded(state, action: PayloadAction<OnboardingStatus | null>) {
      state.statusLoading = false
      if (action.payload) state.status = action.payload
    },
    profileRequested(state) {
      state.profileLoading = true
    },
    profileLoaded(state, action: PayloadAction<BasicProfile | null>) {
      state.profileLoading = false
      if (action.payload) state.profile = action.payload
    },
    profileSaveRequested(state, _action: PayloadAction<BasicProfileRequest>) {
      state.savingProfile = true
      state.profileFieldErrors = []
    },
    profileSaved(state, action: PayloadAction<BasicProfile>) {
      state.savingProfile = false
      state.profile = action.payload
      state.panel = 'documents'
    },
    profileSaveFailed(state, action: PayloadAction<FieldError[]>) {
      state.savingProfile = false
      state.profileFieldErrors = action.payload
    },
    documentsRequested(state) {
      state.documentsLoading = true
    },
    documentsLoaded(state, action: PayloadAction<OnboardingDocument[] | null>) {
      state.documentsLoading = false
      if (action.payload) state.documents = action.payload
    },
    documentTypesRequested(state) {
      state.documentTypesLoading = true
    },
    documentTypesLoaded(state, action: PayloadAction<DocumentTypeOption[] | null>) {
      state.documentTypesLoading = false
      if (action.payload) state.documentTypes = action.payload
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
      state.preview = { id: action.payload, content: null }
    },
    previewLoaded(state, action: PayloadAction<{ id: number; content: string }>) {
      if (state.preview?.id === action.payload.id) state.preview.content = action.payload.content
    },
    previewClosed(state) {
      state.preview = null
    },
    passportImageLoaded(state, action: PayloadAction<{ id: number; content: string } | null>) {
      state.passportImage = action.payload
    },
  },
})

export const {
  onboardingOpened,
  onboardingReady,
  panelChanged,
  statusRequested,
  statusLoaded,
  profileRequested,
  profileLoaded,
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  documentsRequested,
  documentsLoaded,
  documentTypesRequested,
  documentTypesLoaded,
  uploadRequested,
  uploadFinished,
  deleteConfirmOpened,
  deleteConfirmClosed,
  deleteRequested,
  deleteFinished,
  previewRequested,
  previewLoaded,
  previewClosed,
  passportImageLoaded,
} = onboardingSlice.actions
export const onboardingReducer = onboardingSlice.reducer

export const selectOnboarding = (state: { onboarding: OnboardingState }) => state.onboarding
