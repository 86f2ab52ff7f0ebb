/** Onboarding through RTK Query (api/koboApi.ts): the stage status, the basic profile, the
 * documents, the document types and the passport picture; and the writes, each invalidating
 * what it changes (docs/contract.md §6.3, §6.5): saving the profile the status (the profile is
 * the answer in hand), an upload the documents, a delete the documents and the status. */
import { useCallback, useMemo } from 'react'
import { koboApi, onceDone, toastOutcome, toastsOutcome } from '../../api/koboApi'
import { useRead, type Read, type ReadEndpoint } from '../../api/useRead'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
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
import type { BasicProfile, BasicProfileRequest, DocumentContent, DocumentTypeOption, DocumentUploaded, DocumentUploadRequest, MessageResponse, OnboardingDocument, OnboardingStatus } from './types'

export const onboardingApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    onboardingStatus: build.query<OnboardingStatus, void>({
      query: onboardingStatusEndpoint,
      extraOptions: { fallback: STATUS_FETCH_FAILED },
      providesTags: ['OnboardingStatus'],
    }),
    basicProfile: build.query<BasicProfile, void>({
      query: basicProfileEndpoint,
      extraOptions: { fallback: PROFILE_FETCH_FAILED },
      providesTags: ['BasicProfile'],
    }),
    onboardingDocuments: build.query<OnboardingDocument[], void>({
      query: documentsEndpoint,
      extraOptions: { fallback: DOCUMENTS_FETCH_FAILED },
      providesTags: ['OnboardingDocuments'],
    }),
    documentTypes: build.query<DocumentTypeOption[], void>({
      query: documentTypesEndpoint,
      extraOptions: { fallback: DOCUMENT_TYPES_FETCH_FAILED },
    }),
    /** An uploaded document's content (the passport's frame); a new upload is a new id. */
    onboardingDocumentContent: build.query<DocumentContent, number>({
      query: downloadDocumentEndpoint,
      extraOptions: { fallback: DOWNLOAD_FAILED },
    }),

    /** Submits the profile and checks BVN and NIN: the steps change. */
    saveBasicProfile: build.mutation<MessageResponse, BasicProfileRequest>({
      query: saveBasicProfileEndpoint,
      invalidatesTags: onceDone('OnboardingStatus'),
      async onQueryStarted(sent, lifecycle) {
        if (!(await toastOutcome(lifecycle, PROFILE_UPDATE_FAILED, BASIC_PROFILE_UPDATED))) return
        const before = selectBasicProfile(lifecycle.getState() as never).data
        // The answer in hand goes into the read (the e-mail cannot change).
        const saved: BasicProfile = {
          firstName: sent.firstName ?? '',
          lastName: sent.lastName ?? '',
          email: before?.email ?? sent.email ?? '',
          phoneNumber: sent.phoneNumber ?? '',
          bvn: sent.bvn ?? '',
          nin: sent.nin ?? '',
        }
        lifecycle.dispatch(onboardingApi.util.upsertQueryData('basicProfile', undefined, saved))
      },
    }),
    uploadDocument: build.mutation<DocumentUploaded, DocumentUploadRequest>({
      query: uploadDocumentEndpoint,
      invalidatesTags: onceDone('OnboardingDocuments'),
      onQueryStarted: toastsOutcome(UPLOAD_FAILED, DOCUMENT_UPLOADED),
    }),
    deleteDocument: build.mutation<MessageResponse, number>({
      query: deleteDocumentEndpoint,
      invalidatesTags: onceDone('OnboardingDocuments', 'OnboardingStatus'),
      onQueryStarted: toastsOutcome(DELETE_FAILED, DELETED_SUCCESSFULLY),
    }),
  }),
})

/** The page's own subscriptions: entry asks for all four, and they last the visit, so a
 * write's invalidation refreshes them (OnboardingPage.tsx). */
export function useOnboardingReads() {
  const status = useRead(onboardingApi.endpoints.onboardingStatus, undefined)
  useRead(onboardingApi.endpoints.basicProfile, undefined)
  useRead(onboardingApi.endpoints.onboardingDocuments, undefined)
  useRead(onboardingApi.endpoints.documentTypes, undefined)
  return status
}

/**
 * One of the entry's reads as a panel shows it, without a request of its own: a panel that
 * opens after a failed read shows the failure and its Retry rather than asking (and toasting)
 * a second time.
 */
function usePageRead<R>(endpoint: ReadEndpoint<R, void>): Read<R> {
  const dispatch = useAppDispatch()
  const selector = useMemo(() => endpoint.select(undefined), [endpoint])
  const state = useAppSelector(selector as (state: unknown) => ReturnType<typeof selector>)
  const refetch = useCallback(() => {
    dispatch(endpoint.initiate(undefined, { forceRefetch: true, subscribe: false }) as never)
  }, [dispatch, endpoint])
  return {
    data: state.data,
    error: state.error,
    isFetching: state.status === 'pending' || state.status === 'uninitialized',
    isError: state.isError,
    isSuccess: state.isSuccess,
    refetch,
  }
}

export const useOnboardingStatusQuery = () => usePageRead(onboardingApi.endpoints.onboardingStatus)
export const useBasicProfileQuery = () => usePageRead(onboardingApi.endpoints.basicProfile)
export const useOnboardingDocumentsQuery = () => usePageRead(onboardingApi.endpoints.onboardingDocuments)
export const useDocumentTypesQuery = () => usePageRead(onboardingApi.endpoints.documentTypes)
/** Downloaded once per document id: its content never changes. */
export const useDocumentContentQuery = (id: number | null) =>
  useRead(onboardingApi.endpoints.onboardingDocumentContent, id ?? 0, { skip: id === null, reuseAnswerS: Infinity })

/** The basic profile's last answer, without asking (the save keeps the read-only e-mail). */
export const selectBasicProfile = onboardingApi.endpoints.basicProfile.select()
