/**
 * A customer of a journey's own, made through the API: a random prospect of the simulator's
 * identity registry registers, verifies the e-mail, onboards, and the back office approves.
 * A journey that changes a customer's credentials (password, second factor) or levels uses
 * one of these: if it fails half-way, no other journey (nor its own retry) inherits the change.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import { SIM_URL, newestMessageId, png, readOtp } from './support'
import type { Persona } from './money-support'

export const AUTH = '/auth/ibanking/personal'
export const PASSWORD = 'Kobo@2026!'
export const ADMIN = { email: 'admin@example.com', password: 'Kobo@2026' }

export interface Prospect {
  bvn: string
  nin: string
  firstName: string
  lastName: string
  dateOfBirth: string
  phoneNumber: string
  gender: 'MALE' | 'FEMALE'
}

/** An identity card: a green band, a photo box and text lines. */
export const idCard = () =>
  png(320, 200, (x, y) => {
    if (x > 16 && x < 96 && y > 40 && y < 140) return [200, 210, 205]
    if (x > 112 && x < 300 && (y - 50) % 24 < 8 && y > 50 && y < 140) return [60, 90, 80]
    return y < 28 ? [11, 110, 79] : [227, 241, 235]
  })

/** A selfie: a face on a light wall, for the liveness check (docs/contract.md §16.6; the
 * simulator's vendor passes any picture of a registry prospect). */
export const selfie = () =>
  png(240, 180, (x, y) => {
    const face = (x - 120) ** 2 / 42 ** 2 + (y - 84) ** 2 / 54 ** 2 < 1
    const shoulders = (x - 120) ** 2 / 90 ** 2 + (y - 210) ** 2 / 70 ** 2 < 1
    return face ? [141, 96, 72] : shoulders ? [30, 70, 120] : [236, 232, 224]
  })

export interface Session {
  userId: number
  headers: { Authorization: string }
}

/** A signed-in API session: the login, then the code from the inbox. */
export async function session(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const before = await newestMessageId(request, email)
  const login = await request.post(`${AUTH}/login`, { data: { email, password, remember: false } })
  expect(login.status(), await login.text()).toBe(200)
  const { userId, userUUID } = (await login.json()) as { userId: number; userUUID: string }
  const otp = await readOtp(request, email, before)
  const verified = await request.post(`${AUTH}/otp-verification`, { data: { userId, userUUID, otp } })
  expect(verified.status(), await verified.text()).toBe(200)
  const token = ((await verified.json()) as { tokenDTO: { accessToken: string } }).tokenDTO.accessToken
  return { userId, headers: { Authorization: `Bearer ${token}` } }
}

/** Every passkey of a customer removed through the API, a code each: run after a passkey
 * journey whether it passed or not, so that a journey failing half-way never leaves a passkey
 * behind (the code dialogs of every later journey would then offer it first). */
export async function removePasskeys(request: APIRequestContext, email: string, password: string) {
  const { headers } = await session(request, email, password)
  const listed = await request.get('/api/ibanking/personal/passkeys', { headers })
  for (const passkey of (await listed.json()) as { id: number }[]) {
    const removal = `/api/ibanking/personal/passkeys/${passkey.id}/remove`
    const before = await newestMessageId(request, email)
    await ok(await request.post(removal, { headers, data: {} }), 202)
    const otp = await readOtp(request, email, before)
    await ok(await request.post(removal, { headers, data: { otp } }))
  }
}

export async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status)
  return response
}

/** A registry prospect registered (password PASSWORD) with the e-mail verified, not onboarded. */
export async function verifiedCustomer(request: APIRequestContext) {
  const { person, email, beforeRegistration } = await registeredProspect(request)
  const code = await readOtp(request, email, beforeRegistration)
  await ok(await request.post(`${AUTH}/email/verification`, { data: { email, code } }))
  return { person, email }
}

/** A verified customer who has completed onboarding, approved by the back office. */
export async function onboardedCustomer(request: APIRequestContext) {
  const { person, email } = await verifiedCustomer(request)

  // Onboarding: the basic profile (BVN and NIN are checked at once) and the documents.
  const customer = await session(request, email, PASSWORD)
  await ok(
    await request.post('/api/onboarding/basic-profile', {
      headers: customer.headers,
      data: { firstName: person.firstName, lastName: person.lastName, email, phoneNumber: person.phoneNumber, bvn: person.bvn, nin: person.nin },
    }),
  )
  const types = (await (await ok(await request.get('/api/onboarding/document-types', { headers: customer.headers }))).json()) as {
    coreBankingId: number
  }[]
  const slots = (await (await ok(await request.get('/api/onboarding/documents', { headers: customer.headers }))).json()) as {
    documentTypeId: number
    mandatory: boolean
  }[]
  for (const slot of slots.filter((s) => s.mandatory)) {
    await ok(
      await request.post('/api/onboarding/documents', {
        headers: customer.headers,
        data: {
          documentTypeId: slot.documentTypeId,
          content: `data:image/png;base64,${idCard().toString('base64')}`,
          coreBankingDocumentTypeId: types[0].coreBankingId,
          description: null,
        },
      }),
      201,
    )
  }

  // The selfie, matched to the BVN: onboarding completes only once it has passed.
  const checked = await ok(
    await request.post('/api/onboarding/liveness', {
      headers: customer.headers,
      data: { image: `data:image/png;base64,${selfie().toString('base64')}` },
    }),
  )
  expect(((await checked.json()) as { status: string }).status).toBe('PASSED')

  const admin = await session(request, ADMIN.email, ADMIN.password)
  const applicants = (await (await ok(await request.get('/admin/api/onboarding/reviews', { headers: admin.headers }))).json()) as {
    userId: number
    email: string
    documents: { id: number; status: string }[]
  }[]
  const applicant = applicants.find((a) => a.email === email)
  expect(applicant, `${email} waiting for review`).toBeTruthy()
  for (const document of applicant!.documents.filter((d) => d.status === 'SUBMITTED')) {
    await ok(await request.post(`/admin/api/onboarding/documents/${document.id}/review`, { headers: admin.headers, data: { decision: 'APPROVE' } }))
  }
  await ok(
    await request.post(`/admin/api/onboarding/applicants/${applicant!.userId}/basic-profile/review`, {
      headers: admin.headers,
      data: { decision: 'APPROVE' },
    }),
  )
  return { person, email, userId: customer.userId, admin }
}

/**
 * Registers a prospect no one has registered yet. Other journeys take the first prospects;
 * these come in random order from further down, and one already registered (by another
 * journey, a retry or an earlier run on the same stack: 409, its phone number is taken) is
 * passed over for the next.
 */
async function registeredProspect(request: APIRequestContext) {
  const prospects = (await (await request.get(`${SIM_URL}/sim/identities?customers=false`)).json()) as Prospect[]
  const pool = prospects.slice(10).sort(() => Math.random() - 0.5)
  for (const person of pool) {
    const email = `kyc.${person.firstName}.${Date.now().toString(36)}@example.com`.toLowerCase()
    const [year, month, day] = person.dateOfBirth.split('-')
    const beforeRegistration = await newestMessageId(request, email)
    const response = await request.post(`${AUTH}/registration/new`, {
      data: {
        firstName: person.firstName,
        lastName: person.lastName,
        email,
        phoneNumber: person.phoneNumber,
        dateOfBirth: `${day}/${month}/${year}`,
        bvn: person.bvn,
        gender: person.gender,
        stateOfResidence: 'Lagos',
        address: '14 Admiralty Way, Lekki Phase 1',
        employmentStatus: 'EMPLOYED',
        maritalStatus: 'SINGLE',
        accountTypeId: 1,
        clientType: 'INDIVIDUAL',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        registrationType: 'NEW',
      },
    })
    if (response.status() === 409) continue
    await ok(response, 201)
    return { person, email, beforeRegistration }
  }
  throw new Error(`every one of the ${pool.length} prospects is registered already: reseed the simulator`)
}

/** A fresh, onboarded customer as a persona the sign-in helpers take. */
export async function freshPersona(request: APIRequestContext): Promise<Persona> {
  const { person, email } = await onboardedCustomer(request)
  return { email, password: PASSWORD, firstName: person.firstName }
}
