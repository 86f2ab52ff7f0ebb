/**
 * Onboarding's writes and the document View: saving the profile, uploads,
 * deletes and downloads follow docs/contract.md §6.3 and §6.5. The status,
 * profile, documents and document types are reads (reads.ts): a write
 * invalidates what it changes (after a save the status, the saved profile going
 * into its read; after an upload the documents; after a delete the documents
 * and the status).
 */
import { all, call, put, select, takeEvery, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiError, type ApiResult } from '../../api/client'
import { koboApi } from '../../api/koboApi'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { deleteDocumentEndpoint, saveBasicProfileEndpoint, uploadDocumentEndpoint } from './api'
import {
  deleteFinished,
  deleteRequested,
  profileSaveFailed,
  profileSaveRequested,
  profileSaved,
  uploadFinished,
  uploadRequested,
} from './onboardingSlice'
import { onboardingApi, selectBasicProfile } from './reads'
import {
  BASIC_PROFILE_UPDATED,
  DELETED_SUCCESSFULLY,
  DELETE_FAILED,
  DOCUMENT_UPLOADED,
  PROFILE_UPDATE_FAILED,
  UPLOAD_FAILED,
} from './texts'
import type { BasicProfile, BasicProfileRequest, DocumentUploaded, DocumentUploadRequest, MessageResponse } from './types'

/** Toasts a failure unless it is a 401/403, which is already being handled as a logout. */
function* toastFailure(error: ApiError, fallback: string): SagaIterator {
  if (!isSessionError(error)) yield put(toastError(errorMessage(error, fallback)))
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
  const before: BasicProfile | undefined = (yield select(selectBasicProfile)).data
  const saved: BasicProfile = {
    firstName: action.payload.firstName ?? '',
    lastName: action.payload.lastName ?? '',
    email: before?.email ?? action.payload.email ?? '',
    phoneNumber: action.payload.phoneNumber ?? '',
    bvn: action.payload.bvn ?? '',
    nin: action.payload.nin ?? '',
  }
  // The answer in hand goes into the read; the panel moves on to Document Upload.
  yield put(onboardingApi.util.upsertQueryData('basicProfile', undefined, saved) as never)
  yield put(profileSaved(saved))
  yield put(toastSuccess(BASIC_PROFILE_UPDATED))
  // Saving submits the profile and checks BVN and NIN: the steps change.
  yield put(koboApi.util.invalidateTags(['OnboardingStatus']))
}

export function* uploadSaga(action: PayloadAction<DocumentUploadRequest>): SagaIterator {
  const result: ApiResult<DocumentUploaded> = yield call(callApi<DocumentUploaded>, uploadDocumentEndpoint(action.payload))
  yield put(uploadFinished())
  if (result.error) {
    yield call(toastFailure, result.error, UPLOAD_FAILED)
    return
  }
  yield put(toastSuccess(DOCUMENT_UPLOADED))
  yield put(koboApi.util.invalidateTags(['OnboardingDocuments']))
}

export function* deleteSaga(action: PayloadAction<number>): SagaIterator {
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, deleteDocumentEndpoint(action.payload))
  yield put(deleteFinished())
  if (result.error) {
    yield call(toastFailure, result.error, DELETE_FAILED)
    return
  }
  yield put(toastSuccess(DELETED_SUCCESSFULLY))
  yield put(koboApi.util.invalidateTags(['OnboardingDocuments', 'OnboardingStatus']))
}

export function* onboardingSaga(): SagaIterator {
  yield all([
    takeLeading(profileSaveRequested.type, saveProfileSaga),
    takeEvery(uploadRequested.type, uploadSaga),
    takeLeading(deleteRequested.type, deleteSaga),
  ])
}
