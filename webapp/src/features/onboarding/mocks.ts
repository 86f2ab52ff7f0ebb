/**
 * MSW handlers for onboarding, stateful per signed-in persona (state in the
 * shared mock store). A mock "back office" reviews: once the basic profile and
 * the compulsory documents are in, status reads show them SUBMITTED for a few
 * seconds and APPROVED after that (press Refresh on the Status panel). BVN and NIN are approved at
 * once unless the number starts with 000, which the registry does not know.
 * A persona whose onboarding is already complete sees everything approved.
 */
import { http, HttpResponse } from 'msw'
import { personaFromRequest, problem, SESSION_EXPIRED } from '../../mocks/session'
import {
  DOCUMENT_SLOTS,
  documentContents,
  documentSection,
  fieldErrors,
  loadState,
  onboardingComplete,
  problemJson,
  saveState,
  syncPersonas,
  type MockDocument,
  type MockOnboarding,
  type MockState,
  type PersonaRecord,
} from '../registration/mockStore'
import type {
  BasicProfile,
  DocumentContent,
  DocumentUploaded,
  BasicProfileRequest,
  DocumentTypeOption,
  DocumentUploadRequest,
  MessageResponse,
  OnboardingDocument,
  OnboardingStatus,
} from './types'

export const MOCK_DOCUMENT_TYPES: DocumentTypeOption[] = [
  { coreBankingId: 1, name: 'International Passport' },
  { coreBankingId: 2, name: "Driver's Licence" },
  { coreBankingId: 3, name: 'National ID Card' },
  { coreBankingId: 4, name: "Voter's Card" },
  { coreBankingId: 5, name: 'Utility Bill' },
  { coreBankingId: 6, name: 'Bank Statement' },
]

// A 1×1 white PNG, shown for documents whose content was lost on reload.
const PLACEHOLDER_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'

const MAX_BYTES = 2 * 1024 * 1024
const CHOOSE_TYPE = 'Please select a valid document type before uploading.'
const PROFILE_LOCKED = 'Your basic profile has been approved and can no longer be changed.'
const DOCUMENT_LOCKED = 'This document has been approved and can no longer be changed.'

function freshOnboarding(persona: PersonaRecord): MockOnboarding {
  const done = !!persona.internetBanking?.onboardingComplete
  return {
    profile: done
      ? {
          firstName: persona.firstName,
          lastName: persona.lastName,
          phoneNumber: persona.phoneNumber,
          bvn: persona.bvn ?? '',
          nin: persona.nin ?? '',
        }
      : null,
    basicProfileStatus: done ? 'APPROVED' : null,
    basicProfileComment: null,
    bvnStatus: done ? 'APPROVED' : null,
    bvnComment: null,
    ninStatus: done ? 'APPROVED' : null,
    ninComment: null,
    reviewStartedAt: null,
    documents: done
      ? DOCUMENT_SLOTS.filter((s) => s.mandatory).map((slot, index) => ({
          id: -(index + 1),
          slotId: slot.id,
          description: slot.needsType ? 'National ID Card' : slot.name,
          coreBankingDocumentTypeId: slot.needsType ? 3 : null,
          status: 'APPROVED' as const,
          verificationComment: null,
        }))
      : [],
  }
}

/** The signed-in persona and its onboarding state (created on first use). */
function context(request: Request) {
  const state = loadState()
  syncPersonas(state)
  const persona = personaFromRequest(request) as PersonaRecord | null
  if (!persona) return null
  state.onboarding[persona.key] ??= freshOnboarding(persona)
  return { state, persona, onboarding: state.onboarding[persona.key] }
}

const unauthorized = () => problem(401, SESSION_EXPIRED, 'Unauthorized')

function documentRows(onboarding: MockOnboarding): OnboardingDocument[] {
  return DOCUMENT_SLOTS.map((slot) => {
    const document = onboarding.documents.find((d) => d.slotId === slot.id)
    return {
      id: document?.id ?? null,
      documentTypeId: slot.id,
      documentName: slot.name,
      description: document?.description ?? null,
      mandatory: slot.mandatory,
      uploaded: !!document,
      status: document?.status ?? null,
      verificationComment: document?.verificationComment ?? null,
    }
  })
}

/** How long the mock back office takes to approve what was submitted. */
export const MOCK_REVIEW_MS = 4000

/** The mock back office: approves what is SUBMITTED a few seconds after everything is in. */
function review(onboarding: MockOnboarding) {
  const everythingIn = onboarding.basicProfileStatus !== null && documentSection(onboarding).status !== null
  const waiting =
    onboarding.basicProfileStatus === 'SUBMITTED' || onboarding.documents.some((d) => d.status === 'SUBMITTED')
  if (!everythingIn || !waiting) return
  const now = Date.now()
  if (onboarding.reviewStartedAt === null) {
    onboarding.reviewStartedAt = now
    return
  }
  if (now - onboarding.reviewStartedAt < MOCK_REVIEW_MS) return
  if (onboarding.basicProfileStatus === 'SUBMITTED') onboarding.basicProfileStatus = 'APPROVED'
  for (const document of onboarding.documents) if (document.status === 'SUBMITTED') document.status = 'APPROVED'
  onboarding.reviewStartedAt = null
}

function statusOf(onboarding: MockOnboarding): OnboardingStatus {
  const documents = documentSection(onboarding)
  return {
    basicProfileStatus: onboarding.basicProfileStatus,
    basicProfileComment: onboarding.basicProfileComment,
    documentStatus: documents.status,
    documentComment: documents.comment,
    bvnStatus: onboarding.bvnStatus,
    bvnComment: onboarding.bvnComment,
    ninStatus: onboarding.ninStatus,
    ninComment: onboarding.ninComment,
    onboardingComplete: onboardingComplete(onboarding),
  }
}

function statusHandler({ request }: { request: Request }) {
  const found = context(request)
  if (!found) return unauthorized()
  review(found.onboarding)
  saveState(found.state)
  return HttpResponse.json<OnboardingStatus>(statusOf(found.onboarding))
}

function identityVerdict(label: 'BVN' | 'NIN', number: string) {
  return number.startsWith('000')
    ? { status: 'DECLINED' as const, comment: `We could not find this ${label}. Check the number and try again.` }
    : { status: 'APPROVED' as const, comment: null }
}

function nextDocumentId(state: MockState) {
  return state.nextId++
}

function findDocument(onboarding: MockOnboarding, id: number): MockDocument | undefined {
  return onboarding.documents.find((d) => d.id === id)
}

export const onboardingHandlers = [
  http.get('/api/onboarding-statuses', statusHandler),
  http.get('/api/onboarding/status', statusHandler),
  http.get('/api/onboarding-status', statusHandler),

  http.get('/api/onboarding/basic-profile', ({ request }) => {
    const found = context(request)
    if (!found) return unauthorized()
    const { persona, onboarding } = found
    const profile = onboarding.profile
    return HttpResponse.json<BasicProfile>({
      firstName: profile?.firstName ?? persona.firstName,
      lastName: profile?.lastName ?? persona.lastName,
      email: persona.email,
      phoneNumber: profile?.phoneNumber ?? persona.phoneNumber,
      bvn: profile?.bvn ?? persona.bvn ?? '',
      nin: profile?.nin ?? persona.nin ?? '',
    })
  }),

  http.post('/api/onboarding/basic-profile', async ({ request }) => {
    const found = context(request)
    if (!found) return unauthorized()
    const { state, onboarding } = found
    const body = (await request.json()) as BasicProfileRequest
    const values = {
      firstName: (body.firstName ?? '').trim(),
      lastName: (body.lastName ?? '').trim(),
      phoneNumber: (body.phoneNumber ?? '').trim(),
      bvn: (body.bvn ?? '').trim(),
      nin: (body.nin ?? '').trim(),
    }
    const errors = Object.entries(values)
      .filter(([, value]) => !value)
      .map(([field]) => ({ field, message: 'This field is required' }))
    const formats = { phoneNumber: 'Phone number', bvn: 'BVN', nin: 'NIN' } as const
    for (const [field, label] of Object.entries(formats) as [keyof typeof formats, string][]) {
      if (values[field] && !/^\d{11}$/.test(values[field])) errors.push({ field, message: `${label} must be 11 digits` })
    }
    if (errors.length) return fieldErrors(errors)
    if (
      onboarding.basicProfileStatus === 'APPROVED' &&
      JSON.stringify(onboarding.profile) !== JSON.stringify(values)
    ) {
      return problemJson(409, PROFILE_LOCKED)
    }
    onboarding.profile = values
    if (onboarding.basicProfileStatus !== 'APPROVED') {
      onboarding.basicProfileStatus = 'SUBMITTED'
      onboarding.basicProfileComment = null
    }
    const bvn = identityVerdict('BVN', values.bvn)
    const nin = identityVerdict('NIN', values.nin)
    onboarding.bvnStatus = bvn.status
    onboarding.bvnComment = bvn.comment
    onboarding.ninStatus = nin.status
    onboarding.ninComment = nin.comment
    saveState(state)
    return HttpResponse.json<MessageResponse>({ message: 'Basic Profile updated successfully' })
  }),

  http.get('/api/onboarding/document-types', ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    return HttpResponse.json<DocumentTypeOption[]>(MOCK_DOCUMENT_TYPES)
  }),

  http.get('/api/onboarding/documents', ({ request }) => {
    const found = context(request)
    if (!found) return unauthorized()
    saveState(found.state)
    return HttpResponse.json<OnboardingDocument[]>(documentRows(found.onboarding))
  }),

  http.post('/api/onboarding/documents', async ({ request }) => {
    const found = context(request)
    if (!found) return unauthorized()
    const { state, onboarding } = found
    const body = (await request.json()) as Partial<DocumentUploadRequest>
    const slot = DOCUMENT_SLOTS.find((s) => s.id === body.documentTypeId)
    if (!slot) return problemJson(400, CHOOSE_TYPE, { errors: [{ field: 'documentTypeId', message: CHOOSE_TYPE }] })
    let description: string = slot.name
    if (slot.needsType) {
      const type = MOCK_DOCUMENT_TYPES.find((t) => t.coreBankingId === body.coreBankingDocumentTypeId)
      if (!type) {
        return problemJson(400, CHOOSE_TYPE, { errors: [{ field: 'coreBankingDocumentTypeId', message: CHOOSE_TYPE }] })
      }
      description = type.name
    }
    const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(body.content ?? '')
    if (!match) return problemJson(400, 'Only PNG and JPEG images are accepted')
    if (Math.floor((match[2].length * 3) / 4) > MAX_BYTES) return problemJson(400, 'File size exceeds 2MB limit')
    const current = onboarding.documents.find((d) => d.slotId === slot.id)
    if (current?.status === 'APPROVED') return problemJson(409, DOCUMENT_LOCKED)
    onboarding.documents = onboarding.documents.filter((d) => d.slotId !== slot.id)
    const document: MockDocument = {
      id: nextDocumentId(state),
      slotId: slot.id,
      description,
      coreBankingDocumentTypeId: slot.needsType ? (body.coreBankingDocumentTypeId ?? null) : null,
      status: 'SUBMITTED',
      verificationComment: null,
    }
    onboarding.documents.push(document)
    documentContents.set(document.id, body.content ?? PLACEHOLDER_PNG)
    saveState(state)
    const row = documentRows(onboarding).find((r) => r.documentTypeId === slot.id)!
    return HttpResponse.json<DocumentUploaded>({ message: 'Document uploaded successfully', document: row }, { status: 201 })
  }),

  http.get('/api/onboarding/documents/:id/download', ({ request, params }) => {
    const found = context(request)
    if (!found) return unauthorized()
    const document = findDocument(found.onboarding, Number(params.id))
    if (!document) return problemJson(404, 'Document not found')
    return HttpResponse.json<DocumentContent>({ content: documentContents.get(document.id) ?? PLACEHOLDER_PNG })
  }),

  http.delete('/api/onboarding/documents/:id', ({ request, params }) => {
    const found = context(request)
    if (!found) return unauthorized()
    const { state, onboarding } = found
    const document = findDocument(onboarding, Number(params.id))
    if (!document) return problemJson(404, 'Document not found')
    if (document.status === 'APPROVED') return problemJson(409, DOCUMENT_LOCKED)
    onboarding.documents = onboarding.documents.filter((d) => d.id !== document.id)
    documentContents.delete(document.id)
    saveState(state)
    return HttpResponse.json<MessageResponse>({ message: 'Deleted successfully' })
  }),
]
