/** Onboarding calls (docs/contract.md §6). All need the session token. */
import type { Endpoint } from '../../api/client'
import type {
  BasicProfile,
  BasicProfileRequest,
  DocumentContent,
  DocumentTypeOption,
  DocumentUploaded,
  DocumentUploadRequest,
  MessageResponse,
  OnboardingDocument,
  OnboardingStatus,
} from './types'

export const onboardingStatusEndpoint = (): Endpoint<OnboardingStatus> => ({
  method: 'GET',
  path: '/api/onboarding-statuses',
})

export const basicProfileEndpoint = (): Endpoint<BasicProfile> => ({ method: 'GET', path: '/api/onboarding/basic-profile' })

export const saveBasicProfileEndpoint = (body: BasicProfileRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: '/api/onboarding/basic-profile',
  body,
})

export const documentsEndpoint = (): Endpoint<OnboardingDocument[]> => ({ method: 'GET', path: '/api/onboarding/documents' })

export const documentTypesEndpoint = (): Endpoint<DocumentTypeOption[]> => ({
  method: 'GET',
  path: '/api/onboarding/document-types',
})

export const uploadDocumentEndpoint = (body: DocumentUploadRequest): Endpoint<DocumentUploaded> => ({
  method: 'POST',
  path: '/api/onboarding/documents',
  body,
  // Up to 2 MB of base64 on a slow line.
  timeoutMs: 120_000,
})

export const downloadDocumentEndpoint = (id: number): Endpoint<DocumentContent> => ({
  method: 'GET',
  path: `/api/onboarding/documents/${id}/download`,
})

export const deleteDocumentEndpoint = (id: number): Endpoint<MessageResponse> => ({
  method: 'DELETE',
  path: `/api/onboarding/documents/${id}`,
})
