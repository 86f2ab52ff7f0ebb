/**
 * Mock routes for onboarding, kept in the mock state's saved part. A mock "back office"
 * reviews: once the profile and the compulsory documents are in, status reads show them
 * SUBMITTED for a few seconds and APPROVED after that (press Refresh on the Status panel).
 * A persona whose onboarding is already complete sees everything approved. The selfie
 * (src/mocks/liveness.ts) passes unless `identity.liveness.*` says otherwise; onboarding is
 * complete once it has passed too (docs/contract.md §16.6).
 */
import { http, HttpResponse } from 'msw'
import type { Persona } from '../../mocks/personas'
import { notFound, problem, signedIn } from '../../mocks/session'
import { livenessOf, trySelfie } from '../../mocks/liveness'
import { loadSaved, nextId, save, type Saved } from '../../mocks/state'

export const MOCK_REVIEW_MS = 4000
export const MOCK_DOCUMENT_TYPES = ['International Passport', "Driver's Licence", 'National ID Card', "Voter's Card", 'Utility Bill', 'Bank Statement'].map((name, i) => ({ coreBankingId: i + 1, name }))
const SLOTS = [
  { id: 1, name: 'Passport Photograph', mandatory: true },
  { id: 2, name: 'Means of Identification', mandatory: true },
  { id: 3, name: 'Proof of Address', mandatory: false },
]
const PLACEHOLDER_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'
/** Uploaded contents stay in memory (localStorage is too small for images). */
const contents = new Map<number, string>()

type Onboarding = Saved['onboarding'][string]

/** The persona's onboarding, from storage (created on first use); `done` writes it back. */
function onboardingOf(persona: Persona) {
  const saved = loadSaved()
  const complete = !!persona.internetBanking?.onboardingComplete
  const documents = complete ? [{ id: -1, slot: 1, description: 'Passport Photograph', status: 'APPROVED' }, { id: -2, slot: 2, description: 'National ID Card', status: 'APPROVED' }] : []
  const o: Onboarding = (saved.onboarding[persona.key] ??= { profile: null, profileStatus: complete ? 'APPROVED' : null, documents, reviewAt: null })
  if (complete) o.liveness ??= { status: 'PASSED', attempts: 1 }
  return { o, done: () => save(saved) }
}

const documentStatus = (o: Onboarding) =>
  o.documents.some((d) => d.status === 'DECLINED') ? 'DECLINED'
    : !SLOTS.every((s) => !s.mandatory || o.documents.some((d) => d.slot === s.id)) ? null
      : o.documents.every((d) => d.status === 'APPROVED') ? 'APPROVED' : 'SUBMITTED'

const rows = (o: Onboarding) =>
  SLOTS.map((slot) => {
    const d = o.documents.find((x) => x.slot === slot.id)
    return { id: d?.id ?? null, documentTypeId: slot.id, documentName: slot.name, description: d?.description ?? null, mandatory: slot.mandatory, uploaded: !!d, status: d?.status ?? null, verificationComment: null }
  })

const status = signedIn(({ persona }) => {
  const { o, done } = onboardingOf(persona)
  const waiting = o.profileStatus === 'SUBMITTED' || o.documents.some((d) => d.status === 'SUBMITTED')
  if (o.profileStatus && documentStatus(o) && waiting) {
    o.reviewAt ??= Date.now() + MOCK_REVIEW_MS
    if (Date.now() >= o.reviewAt) {
      o.profileStatus = 'APPROVED'
      o.documents.forEach((d) => (d.status = 'APPROVED'))
      o.reviewAt = null
    }
  }
  done()
  const identity = o.profileStatus && 'APPROVED'
  const documents = documentStatus(o)
  const livenessStatus = livenessOf(o.liveness, 'REQUIRED').status
  return HttpResponse.json({
    basicProfileStatus: o.profileStatus, basicProfileComment: null, documentStatus: documents, documentComment: null, bvnStatus: identity, bvnComment: null,
    ninStatus: identity, ninComment: null, onboardingComplete: o.profileStatus === 'APPROVED' && documents === 'APPROVED' && livenessStatus === 'PASSED', livenessStatus,
  })
})

export const onboardingHandlers = [
  ...['/api/onboarding-statuses', '/api/onboarding/status', '/api/onboarding-status'].map((path) => http.get(path, status)),

  http.get('/api/onboarding/basic-profile', signedIn(({ persona }) => {
    const p = persona as Persona & { bvn?: string; nin?: string }
    const { firstName, lastName, phoneNumber } = persona
    return HttpResponse.json({ firstName, lastName, phoneNumber, bvn: p.bvn ?? '', nin: p.nin ?? '', ...onboardingOf(persona).o.profile, email: persona.email })
  })),

  http.post('/api/onboarding/basic-profile', signedIn(({ persona, body }) => {
    const { o, done } = onboardingOf(persona)
    o.profile = { firstName: body.firstName, lastName: body.lastName, phoneNumber: body.phoneNumber, bvn: body.bvn, nin: body.nin }
    if (o.profileStatus !== 'APPROVED') o.profileStatus = 'SUBMITTED'
    done()
    return HttpResponse.json({ message: 'Basic Profile updated successfully' })
  })),

  http.get('/api/onboarding/liveness', signedIn(({ persona }) => HttpResponse.json(livenessOf(onboardingOf(persona).o.liveness, 'REQUIRED')))),
  http.post('/api/onboarding/liveness', signedIn(({ persona, request, body }) => {
    const { o, done } = onboardingOf(persona)
    if (persona.internetBanking?.onboardingComplete) return problem(409, 'Your onboarding is complete. These details can no longer be changed here.', 'Conflict')
    if (!o.profile && o.profileStatus !== 'APPROVED') return problem(409, 'Save your basic profile first: the selfie is matched to its BVN.', 'Conflict')
    o.liveness ??= { status: 'REQUIRED', attempts: 0 }
    const answer = trySelfie(request, o.liveness, body.image)
    done()
    return answer
  })),

  http.get('/api/onboarding/document-types', signedIn(() => HttpResponse.json(MOCK_DOCUMENT_TYPES))),
  http.get('/api/onboarding/documents', signedIn(({ persona }) => HttpResponse.json(rows(onboardingOf(persona).o)))),

  http.post('/api/onboarding/documents', signedIn(({ persona, body }) => {
    const slot = SLOTS.find((s) => s.id === body.documentTypeId)
    if (!slot) return problem(400, 'Please select a valid document type before uploading.', 'Bad Request')
    const { o, done } = onboardingOf(persona)
    const description = slot.id === 1 ? slot.name : (MOCK_DOCUMENT_TYPES.find((t) => t.coreBankingId === body.coreBankingDocumentTypeId)?.name ?? slot.name)
    const id = Date.now() % 1_000_000 * 100 + nextId()
    o.documents = [...o.documents.filter((d) => d.slot !== slot.id), { id, slot: slot.id, description, status: 'SUBMITTED' }]
    contents.set(id, body.content ?? PLACEHOLDER_PNG)
    done()
    return HttpResponse.json({ message: 'Document uploaded successfully', document: rows(o).find((r) => r.documentTypeId === slot.id) }, { status: 201 })
  })),

  http.get('/api/onboarding/documents/:id/download', signedIn(({ persona, params }) => {
    const d = onboardingOf(persona).o.documents.find((x) => x.id === Number(params.id))
    return d ? HttpResponse.json({ content: contents.get(d.id) ?? PLACEHOLDER_PNG }) : notFound('Document')
  })),

  http.delete('/api/onboarding/documents/:id', signedIn(({ persona, params }) => {
    const { o, done } = onboardingOf(persona)
    if (!o.documents.some((d) => d.id === Number(params.id))) return notFound('Document')
    o.documents = o.documents.filter((d) => d.id !== Number(params.id))
    done()
    return HttpResponse.json({ message: 'Deleted successfully' })
  })),
]
