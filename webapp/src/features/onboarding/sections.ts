/** Pure helpers: the four review sections, step display and what the Status panel shows. */
import { PASSPORT_NAME } from './texts'
import type { OnboardingDocument, OnboardingPanel, OnboardingStatus, Section, SectionKey, SectionStatus } from './types'

const asStatus = (value: string | null | undefined): SectionStatus =>
  value === 'SUBMITTED' || value === 'APPROVED' || value === 'DECLINED' ? value : null

/** The stage status mapped to the four sections (docs/contract.md §6.4). */
export function sectionsOf(status: OnboardingStatus | null): Section[] {
  return [
    { key: 'BASIC_PROFILE', status: asStatus(status?.basicProfileStatus), comment: status?.basicProfileComment ?? null },
    { key: 'DOCUMENT_VERIFICATION', status: asStatus(status?.documentStatus), comment: status?.documentComment ?? null },
    { key: 'BVN_VERIFICATION', status: asStatus(status?.bvnStatus), comment: status?.bvnComment ?? null },
    { key: 'NIN_VERIFICATION', status: asStatus(status?.ninStatus), comment: status?.ninComment ?? null },
  ]
}

/** On entry the page opens on Status when all four statuses are non-null. */
export function allSectionsSubmitted(status: OnboardingStatus | null): boolean {
  return sectionsOf(status).every((section) => section.status !== null)
}

/** The selfie (docs/contract.md §16.6) as a section's status: passed is approved, with a
 * person is submitted, a failed try is declined, not taken yet is none. */
export function selfieStatusOf(status: OnboardingStatus | null): SectionStatus {
  const liveness = status?.livenessStatus
  return liveness === 'PASSED' ? 'APPROVED' : liveness === 'REFERRED' ? 'SUBMITTED' : liveness === 'FAILED' ? 'DECLINED' : null
}

/** Onboarding is complete when all four sections are APPROVED and the selfie has passed. */
export function allSectionsApproved(status: OnboardingStatus | null): boolean {
  return sectionsOf(status).every((section) => section.status === 'APPROVED') && selfieStatusOf(status) === 'APPROVED'
}

/** Where the page opens: the profile until every section has a status, then the selfie
 * while it can still be taken, then Status. */
export function firstPanelOf(status: OnboardingStatus | null): OnboardingPanel {
  if (!allSectionsSubmitted(status)) return 'basicProfile'
  const selfie = selfieStatusOf(status)
  return selfie === null || selfie === 'DECLINED' ? 'selfie' : 'status'
}

/** Where Rectify goes: BVN and NIN are fixed on the basic profile (docs/contract.md §6.4). */
export function rectifyPanel(key: SectionKey): OnboardingPanel {
  return key === 'DOCUMENT_VERIFICATION' ? 'documents' : 'basicProfile'
}

export type StepDisplay = 'finish' | 'error' | 'numbered'

/** SUBMITTED or APPROVED show as done, DECLINED as declined, anything else numbered. */
export function stepDisplay(status: SectionStatus): StepDisplay {
  if (status === 'SUBMITTED' || status === 'APPROVED') return 'finish'
  if (status === 'DECLINED') return 'error'
  return 'numbered'
}

export const isPassport = (document: OnboardingDocument) => document.documentName === PASSPORT_NAME

/** The passport first, then the other documents in the server's order. */
export function orderDocuments(documents: OnboardingDocument[]): OnboardingDocument[] {
  return [...documents.filter(isPassport), ...documents.filter((d) => !isPassport(d))]
}

/** Continue from Document Upload needs every mandatory document to have a status. */
export function missingCompulsory(documents: OnboardingDocument[]): boolean {
  return documents.some((document) => document.mandatory && !document.status)
}
