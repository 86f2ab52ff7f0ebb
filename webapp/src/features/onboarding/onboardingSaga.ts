/**
 * Onboarding side effects. Entry loads the stage status, the basic profile,
 * the documents and the document types; saving the profile, uploads, deletes
 * and downloads follow docs/contract.md §6.3 and §6.5 (after an upload the
 * documents are refetched; after a delete the documents and the status).
 */
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiError, type ApiResult } from '../../api/client'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { fieldErrorsOf } from '../../api/fieldErrors'
import {
  basicProfileEndpoint,
  deleteDocumentEndpoint,
  documentTypesEndpoint,
  documentsEndpoint,
  downloadDocumentEndpoint,
  onboardingStatusEndpoint,
  saveBasicProfileEndpoint,
  uploadDocumentEndpoint,
} from './api'
import {
  deleteFinished,
  deleteRequested,
  documentTypesLoaded,
  documentTypesRequested,
  documentsLoaded,
  documentsRequested,
  onboardingOpened,
  onboardingReady,
  panelChanged,
  passportImageLoaded,
  previewClosed,
  previewLoaded,
  previewRequested,
  profileLoaded,
  profileRequested,
  profileSaveFailed,
  profileSaveRequested,
  profileSaved,
  selectOnboarding,
  statusLoaded,
  statusRequested,
  uploadFinished,
  uploadRequested,
  type OnboardingState,
} from './onboardingSlice'
import { allSectionsSubmitted, isPassport } from './sections'
import {
  BASIC_PROFILE_UPDATED,
  DELETED_SUCCESSFULLY,
  DELETE_FAILED,
  DOCUMENTS_FETCH_FAILED,
  DOCUMENT_TYPES_FETCH_FAILED,
  DOCUMENT_UPLOADED,
  DOWNLOAD_FAILED,
  PROFILE_FETCH_FAILED,
  PROFILE_UPDATE_FAILED,
  STATUS_FETCH_FAILED,
  UPLOAD_FAILED,
} from './texts'
import type {
  BasicProfile,
  BasicProfileRequest,
  DocumentContent,
  DocumentTypeOption,
  DocumentUploaded,
  DocumentUploadRequest,
  MessageResponse,
  OnboardingDocument,
  OnboardingPanel,
  OnboardingStatus,
} from './types'

/** Toasts a failure unless it is a 401/403, which is already being handled as a logout. */
function* toastFailure(error: ApiError, fallback: string): SagaIterator {
  if (!isSessionError(error)) yield put(toastError(errorMessage(error, fallback)))
}

export function* fetchStatus(): SagaIterator<OnboardingStatus | null> {
  yield put(statusRequested())
  const result: ApiResult<OnboardingStatus> = yield call(callApi<OnboardingStatus>, onboardingStatusEndpoint())
  if (result.error) yield call(toastFailure, result.error, STATUS_FETCH_FAILED)
  yield put(statusLoaded(result.data ?? null))
  return result.data ?? null
}

function* fetchProfile(): SagaIterator {
  yield put(profileRequested())
  const result: ApiResult<BasicProfile> = yield call(callApi<BasicProfile>, basicProfileEndpoint())
  if (result.error) yield call(toastFailure, result.error, PROFILE_FETCH_FAILED)
  yield put(profileLoaded(result.data ?? null))
}

/** The passport picture for its frame: downloaded once per uploaded passport. */
function* loadPassportImage(documents: OnboardingDocument[]): SagaIterator {
  const passport = documents.find(isPassport)
  if (!passport?.id) {
    yield put(passportImageLoaded(null))
    return
  }
  const { passportImage }: OnboardingState = yield select(selectOnboarding)
  if (passportImage?.id === passport.id) return
  const result: ApiResult<DocumentContent> = yield call(
    callApi<DocumentContent>,
    downloadDocumentEndpoint(passport.id),
  )
  if (result.error) {
    yield call(toastFailure, result.error, DOWNLOAD_FAILED)
    return
  }
  yield put(passportImageLoaded({ id: passport.id, content: result.data.content }))
}

export function* fetchDocuments(): SagaIterator {
  yield put(documentsRequested())
  const result: ApiResult<OnboardingDocument[]> = yield call(callApi<OnboardingDocument[]>, documentsEndpoint())
  if (result.error) yield call(toastFailure, result.error, DOCUMENTS_FETCH_FAILED)
  yield put(documentsLoaded(result.data ?? null))
  if (result.data) yield fork(loadPassportImage, result.data)
}

function* fetchDocumentTypes(): SagaIterator {
  yield put(documentTypesRequested())
  const result: ApiResult<DocumentTypeOption[]> = yield call(callApi<DocumentTypeOption[]>, documentTypesEndpoint())
  if (result.error) yield call(toastFailure, result.error, DOCUMENT_TYPES_FETCH_FAILED)
  yield put(documentTypesLoaded(result.data ?? null))
}

export function* openOnboardingSaga(): SagaIterator {
  yield fork(fetchProfile)
  yield fork(fetchDocuments)
  yield fork(fetchDocumentTypes)
  const status: OnboardingStatus | null = yield call(fetchStatus)
  const panel: OnboardingPanel = allSectionsSubmitted(status) ? 'status' : 'basicProfile'
  yield put(onboardingReady(panel))
}

/** Entering (or refreshing) the Status panel reads the latest status and documents (their reviews). */
function* panelChangedSaga(action: PayloadAction<OnboardingPanel>): SagaIterator {
  if (action.payload === 'status') yield all([call(fetchStatus), call(fetchDocuments)])
}

export function* saveProfileSaga(action: PayloadAction<BasicProfileRequest>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(
    callApi<MessageResponse>,
    saveBasicProfileEndpoint(action.payload),
  )
  if (result.error) {
    yield put(profileSaveFailed(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, PROFILE_UPDATE_FAILED)
    return
  }
  const { profile }: OnboardingState = yield select(selectOnboarding)
  yield put(
    profileSaved({
      firstName: action.payload.firstName ?? '',
      lastName: action.payload.lastName ?? '',
      email: profile?.email ?? action.payload.email ?? '',
      phoneNumber: action.payload.phoneNumber ?? '',
      bvn: action.payload.bvn ?? '',
      nin: action.payload.nin ?? '',
    }),
  )
  yield put(toastSuccess(BASIC_PROFILE_UPDATED))
  // Saving submits the profile and checks BVN and NIN: the steps change.
  yield call(fetchStatus)
}

export function* uploadSaga(action: PayloadAction<DocumentUploadRequest>): SagaIterator {
  const result: ApiResult<DocumentUploaded> = yield call(callApi<DocumentUploaded>, uploadDocumentEndpoint(action.payload))
  yield put(uploadFinished())
  if (result.error) {
    yield call(toastFailure, result.error, UPLOAD_FAILED)
    return
  }
  yield put(toastSuccess(DOCUMENT_UPLOADED))
  yield call(fetchDocuments)
}

export function* deleteSaga(action: PayloadAction<number>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, deleteDocumentEndpoint(action.payload))
  yield put(deleteFinished())
  if (result.error) {
    yield call(toastFailure, result.error, DELETE_FAILED)
    return
  }
  yield put(toastSuccess(DELETED_SUCCESSFULLY))
  yield all([call(fetchDocuments), call(fetchStatus)])
}

export function* previewSaga(action: PayloadAction<number>): SagaIterator {
  const result: ApiResult<DocumentContent> = yield call(
    callApi<DocumentContent>,
    downloadDocumentEndpoint(action.payload),
  )
  if (result.error) {
    yield put(previewClosed())
    yield call(toastFailure, result.error, DOWNLOAD_FAILED)
    return
  }
  yield put(previewLoaded({ id: action.payload, content: result.data.content }))
}

export function* onboardingSaga(): SagaIterator {
  yield all([
    takeLatest(onboardingOpened.type, openOnboardingSaga),
    takeLatest(panelChanged.type, panelChangedSaga),
    takeLeading(profileSaveRequested.type, saveProfileSaga),
    takeEvery(uploadRequested.type, uploadSaga),
    takeLeading(deleteRequested.type, deleteSaga),
    takeLatest(previewRequested.type, previewSaga),
  ])
}
