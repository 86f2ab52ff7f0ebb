/**
 * MSW handlers for /api/kyc (docs/contract.md §13): one KYC record per
 * persona, starting at the persona's fixture level (levels up to it approved).
 * Levels 1 and 2 are checked against the persona's own BVN and NIN at once;
 * level 3 waits for a review, which tests (and the mock's console) give with
 * `reviewMockKyc`. An approval raises the persona's level, and with it the
 * ceiling of the mock's transaction limits, until the mock bank is reset.
 */
import { http, HttpResponse } from 'msw'
import { personas, type Persona } from '../../mocks/personas'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import { onMockBankReset } from '../accounts/mockBank'
import { unauthorized } from '../accounts/mocks'
import type { MessageResponse } from '../../api/accountTypes'
import type { KycBiodata, KycDocument, KycLevel, KycLevelRequest, KycReview, KycStatusResponse } from './types'

const BASE = '/api/kyc'
const SUBMITTED = 'Details has been submitted successfully'

/** What personas.json holds beyond the mock's `Persona` type. */
interface FixtureDetails {
  bvn?: string | null
  nin?: string | null
  dateOfBirth?: string | null
  gender?: string | null
  address?: string | null
}

interface Submission {
  status: KycReview
  comment: string | null
}

interface MockKyc {
  level: number
  submissions: Partial<Record<KycLevel, Submission>>
}

let records = new Map<string, MockKyc>()
/** Fixture levels, restored when the mock bank is reset. */
const fixtureLevels = new Map<string, number | undefined>()

type Banking = NonNullable<Persona['internetBanking']> & { kycLevel?: number }

function fixtureLevel(persona: Persona): number {
  if (!fixtureLevels.has(persona.key)) fixtureLevels.set(persona.key, (persona.internetBanking as Banking | null)?.kycLevel)
  return fixtureLevels.get(persona.key) ?? 0
}

/** The persona's level as the other mocks (transaction limit ceilings) read it. */
function setPersonaLevel(persona: Persona, level: number) {
  const banking = persona.internetBanking as Banking | null
  if (banking) banking.kycLevel = level
}

export function resetMockKyc(): void {
  records = new Map()
  for (const persona of personas) {
    if (fixtureLevels.has(persona.key)) setPersonaLevel(persona, fixtureLevels.get(persona.key) ?? 0)
  }
}
onMockBankReset(resetMockKyc)

function kycOf(persona: Persona): MockKyc {
  let record = records.get(persona.key)
  if (!record) {
    const level = fixtureLevel(persona)
    const submissions: MockKyc['submissions'] = {}
    for (const n of [1, 2, 3] as KycLevel[]) if (n <= level) submissions[n] = { status: 'approved', comment: null }
    record = { level, submissions }
    records.set(persona.key, record)
  }
  return record
}

/** Sets a persona's KYC record (tests start customers at a low level with this). */
export function setMockKyc(personaKey: string, level: number, submissions: MockKyc['submissions'] = {}): void {
  const persona = personas.find((p) => p.key === personaKey)!
  fixtureLevel(persona)
  records.set(personaKey, { level, submissions: { ...submissions } })
  setPersonaLevel(persona, level)
}

/** The back office's review of a pending level-3 submission. */
export function reviewMockKyc(personaKey: string, approve: boolean, comment: string | null = null): void {
  const persona = personas.find((p) => p.key === personaKey)!
  const record = kycOf(persona)
  if (record.submissions[3]?.status !== 'pending') throw new Error(`${personaKey} has no pending level 3`)
  record.submissions[3] = { status: approve ? 'approved' : 'declined', comment }
  if (approve) {
    record.level = Math.max(record.level, 3)
    setPersonaLevel(persona, record.level)
  }
}

const badRequest = fieldErrors

/** bff/kyc/service.py `_numbers`. */
function numberErrors(body: KycLevelRequest, needBoth: boolean) {
  const bvn = (body.bvn ?? '').trim()
  const nin = (body.nin ?? '').trim()
  const errors: { field: string; message: string }[] = []
  if (needBoth) {
    if (!bvn) errors.push({ field: 'bvn', message: 'This field is required' })
    if (!nin) errors.push({ field: 'nin', message: 'This field is required' })
  } else if (!bvn && !nin) {
    errors.push({ field: 'bvn', message: 'Either BVN or NIN is required' })
  }
  if (bvn && (bvn.length < 11 || !/^\d+$/.test(bvn))) errors.push({ field: 'bvn', message: 'BVN must be atleast 11 characters' })
  if (nin && !/^\d{11}$/.test(nin)) errors.push({ field: 'nin', message: 'NIN must be 11 digits' })
  return { bvn, nin, errors }
}

/** 409 unless the level is the next one and has no status (or was declined). */
function closedReason(record: MockKyc, level: KycLevel): string | null {
  if (record.level < level - 1) return `Complete level ${level - 1} first`
  const current = record.submissions[level]
  if (current && current.status !== 'declined') return 'This level has already been submitted'
  return null
}

/** A PNG or JPEG data URL of at most 5 MB, decided by the bytes (as the BFF does). */
function imageRefusal(value: string): string | null {
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(value)
  if (!match) return 'Only PNG and JPEG images are accepted'
  let bytes: string
  try {
    bytes = atob(match[1])
  } catch {
    return 'Only PNG and JPEG images are accepted'
  }
  if (bytes.length > 5 * 1024 * 1024) return 'Each image must be at most 5MB'
  const png = bytes.startsWith('\x89PNG\r\n\x1a\n')
  const jpeg = bytes.startsWith('\xff\xd8\xff')
  return png || jpeg ? null : 'Only PNG and JPEG images are accepted'
}

export const kycHandlers = [
  http.get(`${BASE}/status`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const record = kycOf(persona)
    return HttpResponse.json<KycStatusResponse>({
      currentLevel: record.level,
      levels: ([1, 2, 3] as KycLevel[]).map((level) => ({
        level,
        status: record.submissions[level]?.status ?? null,
        comment: record.submissions[level]?.comment ?? null,
      })),
    })
  }),

  http.get(`${BASE}/biodata`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const details = persona as Persona & FixtureDetails
    return HttpResponse.json<KycBiodata>({
      firstName: persona.firstName,
      lastName: persona.lastName,
      dateOfBirth: details.dateOfBirth ?? null,
      gender: details.gender ?? null,
      phoneNumber: persona.phoneNumber,
      email: persona.email,
      address: details.address ?? null,
      bvn: details.bvn ?? null,
      nin: details.nin ?? null,
    })
  }),

  http.get(`${BASE}/uploaded-documents`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const level3 = kycOf(persona).submissions[3]
    const documents: KycDocument[] = level3
      ? ['UTILITY_BILL', 'VALID_IDENTIFICATION_CARD'].map((name) => ({ name, status: level3.status, comment: level3.comment }))
      : []
    return HttpResponse.json<KycDocument[]>(documents)
  }),

  ...([1, 2] as KycLevel[]).map((level) =>
    http.post(`${BASE}/level-${level}`, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const body = (await request.json()) as KycLevelRequest
      const { bvn, nin, errors } = numberErrors(body, level === 2)
      if (errors.length) return badRequest(errors)
      const record = kycOf(persona)
      const closed = closedReason(record, level)
      if (closed) return problem(409, closed, 'Conflict')
      const details = persona as Persona & FixtureDetails
      const reason =
        bvn && bvn !== details.bvn ? 'This BVN does not belong to you.' : nin && nin !== details.nin ? 'This NIN does not belong to you.' : null
      record.submissions[level] = { status: reason ? 'declined' : 'approved', comment: reason }
      if (reason) return problem(400, reason, 'Bad Request')
      record.level = Math.max(record.level, level)
      setPersonaLevel(persona, record.level)
      return HttpResponse.json<MessageResponse>({ message: SUBMITTED })
    }),
  ),

  http.post(`${BASE}/level-3`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as KycLevelRequest
    const { errors } = numberErrors(body, false)
    for (const field of ['utilityBill', 'validIdentificationCard'] as const) {
      if (!body[field]) errors.push({ field, message: 'This field is required' })
    }
    if (errors.length) return badRequest(errors)
    const record = kycOf(persona)
    const closed = closedReason(record, 3)
    if (closed) return problem(409, closed, 'Conflict')
    for (const field of ['utilityBill', 'validIdentificationCard'] as const) {
      const refusal = imageRefusal(body[field] ?? '')
      if (refusal) return badRequest([{ field, message: refusal }])
    }
    record.submissions[3] = { status: 'pending', comment: null }
    return HttpResponse.json<MessageResponse>({ message: SUBMITTED })
  }),
]
