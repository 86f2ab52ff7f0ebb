/** Onboarding wire types, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type OnboardingStatus = Schemas['OnboardingStatusOut']
export type BasicProfile = Schemas['BasicProfile']
export type BasicProfileRequest = Schemas['BasicProfileIn']
export type OnboardingDocument = Schemas['DocumentOut']
export type DocumentTypeOption = Schemas['DocumentTypeOut']
export type DocumentUploadRequest = Schemas['DocumentUploadIn']
export type DocumentUploaded = Schemas['DocumentUploadedOut']
export type DocumentContent = Schemas['DocumentContentOut']
export type MessageResponse = Schemas['MessageOut']

/** null means "not submitted" (docs/contract.md §6.4). */
export type SectionStatus = 'SUBMITTED' | 'APPROVED' | 'DECLINED' | null

export type SectionKey = 'BASIC_PROFILE' | 'DOCUMENT_VERIFICATION' | 'BVN_VERIFICATION' | 'NIN_VERIFICATION'

export interface Section {
  key: SectionKey
  status: SectionStatus
  comment: string | null
}

export type OnboardingPanel = 'basicProfile' | 'documents' | 'selfie' | 'status'
