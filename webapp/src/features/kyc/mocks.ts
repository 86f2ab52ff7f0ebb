/**
 * Mock routes for /api/kyc: the persona's level from the fixture (levels up to it
 * approved). Levels 1 and 2 are approved at once when the numbers are the persona's own;
 * level 3 waits for a review, which tests give with `reviewMockKyc`.
 */
import { http, HttpResponse } from 'msw'
import { personas, type Persona } from '../../mocks/personas'
import { problem, signedIn } from '../../mocks/session'
import { customerOf, type Customer, type Review } from '../../mocks/state'

const SUBMITTED = 'Details has been submitted successfully'
const customer = (key: string) => customerOf(personas.find((p) => p.key === key)!)

/** Sets a persona's KYC record (tests start customers at a low level with this). */
export function setMockKyc(personaKey: string, level: number, submissions: Customer['kyc'] = {}): void {
  Object.assign(customer(personaKey), { kycLevel: level, kyc: { ...submissions } })
}

/** The back office's review of a pending level-3 submission. */
export function reviewMockKyc(personaKey: string, approve: boolean, comment: string | null = null): void {
  const c = customer(personaKey)
  c.kyc[3] = { status: approve ? 'approved' : 'declined', comment }
  if (approve) c.kycLevel = 3
}

const fixture = (persona: Persona) => persona as Persona & Record<'bvn' | 'nin' | 'dateOfBirth' | 'gender' | 'address', string | null | undefined>

export const kycHandlers = [
  http.get('/api/kyc/status', signedIn(({ c }) =>
    HttpResponse.json({ currentLevel: c.kycLevel, levels: [1, 2, 3].map((level) => ({ level, status: c.kyc[level]?.status ?? null, comment: c.kyc[level]?.comment ?? null })) }),
  )),

  http.get('/api/kyc/biodata', signedIn(({ persona }) => {
    const f = fixture(persona)
    return HttpResponse.json({
      firstName: persona.firstName, lastName: persona.lastName, dateOfBirth: f.dateOfBirth ?? null, gender: f.gender ?? null,
      phoneNumber: persona.phoneNumber, email: persona.email, address: f.address ?? null, bvn: f.bvn ?? null, nin: f.nin ?? null,
    })
  })),

  http.get('/api/kyc/uploaded-documents', signedIn(({ c }) => {
    const level3 = c.kyc[3]
    return HttpResponse.json(level3 ? ['UTILITY_BILL', 'VALID_IDENTIFICATION_CARD'].map((name) => ({ name, status: level3.status, comment: level3.comment })) : [])
  })),

  ...[1, 2, 3].map((level) =>
    http.post(`/api/kyc/level-${level}`, signedIn(({ c, persona, body }) => {
      const current = c.kyc[level]
      if (current && current.status !== 'declined') return problem(409, 'This level has already been submitted', 'Conflict')
      const f = fixture(persona)
      const reason = body.bvn && body.bvn !== f.bvn ? 'This BVN does not belong to you.' : body.nin && body.nin !== f.nin ? 'This NIN does not belong to you.' : null
      const status: Review = reason ? 'declined' : level === 3 ? 'pending' : 'approved'
      c.kyc[level] = { status, comment: reason }
      if (reason) return problem(400, reason, 'Bad Request')
      if (status === 'approved') c.kycLevel = Math.max(c.kycLevel, level)
      return HttpResponse.json({ message: SUBMITTED })
    })),
  ),
]
