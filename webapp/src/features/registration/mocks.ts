/**
 * Mock routes for registration and e-mail verification. New users and account owners are
 * kept in the mock state's saved part (localStorage), so they can sign in after the reload
 * that signing out makes; the e-mail code is 123456.
 */
import { http, HttpResponse } from 'msw'
import { ACCOUNT_TYPES } from '../../mocks/personas'
import { MOCK_OTP, personas } from '../../mocks/personas'
import { fieldErrors, problem } from '../../mocks/session'
import { isFixturePersona, loadSaved, save, syncPersonas, type Registration } from '../../mocks/state'

const AUTH = '/auth/ibanking/personal'
const EMAIL_TAKEN = 'An account with this email already exists'
const OWNER_MISMATCH = 'We could not match these details to the account. Check the account number and BVN or phone number.'

export const MOCK_ENUMS = {
  gender: ['MALE', 'FEMALE'],
  employmentStatus: ['EMPLOYED', 'SELF_EMPLOYED', 'UNEMPLOYED', 'STUDENT', 'RETIRED'],
  maritalStatus: ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'],
  clientType: ['INDIVIDUAL'],
  requiredRegistrationParameter: 'accountNumber',
}
const STATES = 'Abia Adamawa Anambra Bauchi Bayelsa Benue Borno Delta Ebonyi Edo Ekiti Enugu FCT Gombe Imo Jigawa Kaduna Kano Katsina Kebbi Kogi Kwara Lagos Nasarawa Niger Ogun Ondo Osun Oyo Plateau Rivers Sokoto Taraba Yobe Zamfara'
export const MOCK_STATES = STATES.split(' ').map((name) => ({ code: name.slice(0, 2).toUpperCase(), name }))

type Fixture = (typeof personas)[number] & { bvn?: string }

/** Saves the registration, unless the e-mail address is taken. */
function register(registration: Omit<Registration, 'verified'>) {
  const saved = loadSaved()
  syncPersonas(saved)
  if (personas.some((p) => p.internetBanking && p.email.toLowerCase() === registration.email)) {
    return problem(409, EMAIL_TAKEN, 'Conflict', { errors: [{ field: 'email', message: EMAIL_TAKEN }] })
  }
  saved.registrations.push({ ...registration, verified: false })
  save(saved)
  return HttpResponse.json({ userId: personas.findIndex((p) => p.key === registration.key) + 1, email: registration.email, message: 'Registered successfully' }, { status: 201 })
}

const body = async (request: Request) => ((await request.json().catch(() => ({}))) ?? {}) as Record<string, string | undefined>
const email = (value?: string) => (value ?? '').trim().toLowerCase()

export const registrationHandlers = [
  http.get(`${AUTH}/registration-enums`, () => HttpResponse.json(MOCK_ENUMS)),
  http.get(`${AUTH}/states`, () => HttpResponse.json(MOCK_STATES)),
  http.get(`${AUTH}/account-types`, () => HttpResponse.json(ACCOUNT_TYPES)),

  http.post(`${AUTH}/registration/new`, async ({ request }) => {
    const b = await body(request)
    const n = loadSaved().registrations.length + 1
    return register({ key: `reg-${n}`, firstName: b.firstName ?? '', lastName: b.lastName ?? '', email: email(b.email), phoneNumber: b.phoneNumber ?? '', password: b.password ?? '', accountNumber: `1020009${String(n).padStart(3, '0')}` })
  }),

  http.post(`${AUTH}/registration/existing`, async ({ request }) => {
    const b = await body(request)
    syncPersonas()
    const owner = (personas as Fixture[]).find((p) => isFixturePersona(p.key) && p.accounts.some((a) => a.accountNumber === b.accountNUBAN))
    if (!owner || (b.bvn && b.bvn !== owner.bvn) || (b.phoneNumber && b.phoneNumber !== owner.phoneNumber)) return problem(400, OWNER_MISMATCH, 'Bad Request')
    if (owner.internetBanking) return problem(409, 'Internet banking is already set up for this account. Log in, or reset your password.', 'Conflict')
    return register({ key: owner.key, firstName: owner.firstName, lastName: owner.lastName, email: email(b.email), phoneNumber: owner.phoneNumber, password: b.password ?? '' })
  }),

  http.post(`${AUTH}/email/verification`, async ({ request }) => {
    const b = await body(request)
    const saved = loadSaved()
    const registration = saved.registrations.find((r) => r.email === email(b.email))
    if (!registration || registration.verified || b.code !== MOCK_OTP) return fieldErrors([{ field: 'code', message: 'Invalid or expired OTP' }])
    registration.verified = true
    save(saved)
    return HttpResponse.json({ message: 'OTP verified' })
  }),

  // Same answer for unknown and verified addresses, as the BFF does.
  http.post(`${AUTH}/email/resend-code`, () => HttpResponse.json({ message: 'OTP Resent' })),
]
