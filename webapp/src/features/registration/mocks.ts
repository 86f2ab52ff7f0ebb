/**
 * MSW handlers for registration and e-mail verification (docs/contract.md).
 * They keep their users in the shared mock state (`mockStore.ts`); the code
 * for every e-mail is 123456. Two pass-through handlers in front of the
 * sign-in mock refresh the persona list and answer a sign-in before the
 * e-mail is verified with 403 EMAIL_NOT_VERIFIED, as the BFF does.
 */
import { http, HttpResponse } from 'msw'
import { ACCOUNT_TYPES } from '../../mocks/fixtures'
import { AUTH_BASE } from '../auth/api'
import { MOCK_OTP, personas } from '../../mocks/personas'
import { PASSWORD_MIN_LENGTH, isStrongPassword } from '../../lib/passwordRules'
import {
  fieldErrors,
  findRegistration,
  isFixturePersona,
  loadState,
  originalInternetBanking,
  problemJson,
  saveState,
  syncPersonas,
  type MockState,
  type PersonaRecord,
} from './mockStore'
import type {
  AccountOwnerRequest,
  AccountTypeOption,
  MessageResponse,
  NewUserRequest,
  RegisteredResponse,
  RegistrationEnums,
  StateOption,
} from './types'

export const MOCK_ENUMS: RegistrationEnums = {
  gender: ['MALE', 'FEMALE'],
  employmentStatus: ['EMPLOYED', 'SELF_EMPLOYED', 'UNEMPLOYED', 'STUDENT', 'RETIRED'],
  maritalStatus: ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'],
  clientType: ['INDIVIDUAL'],
  requiredRegistrationParameter: 'accountNumber',
}

const STATE_NAMES = [
  'Abia', 'Adamawa', 'Akwa Ibom', 'Anambra', 'Bauchi', 'Bayelsa', 'Benue', 'Borno', 'Cross River', 'Delta',
  'Ebonyi', 'Edo', 'Ekiti', 'Enugu', 'FCT', 'Gombe', 'Imo', 'Jigawa', 'Kaduna', 'Kano', 'Katsina', 'Kebbi',
  'Kogi', 'Kwara', 'Lagos', 'Nasarawa', 'Niger', 'Ogun', 'Ondo', 'Osun', 'Oyo', 'Plateau', 'Rivers', 'Sokoto',
  'Taraba', 'Yobe', 'Zamfara',
]
export const MOCK_STATES: StateOption[] = STATE_NAMES.map((name) => ({ code: name.slice(0, 2).toUpperCase(), name }))

export const MOCK_ACCOUNT_TYPE_OPTIONS: AccountTypeOption[] = ACCOUNT_TYPES

const REQUIRED = 'This field is required'
const EMAIL_TAKEN = 'An account with this email already exists'
const PHONE_TAKEN = 'An account with this phone number already exists'
const OWNER_MISMATCH =
  'We could not match these details to the account. Check the account number and BVN or phone number.'
const OWNER_ALREADY_REGISTERED = 'Internet banking is already set up for this account. Log in, or reset your password.'
const ALREADY_CUSTOMER = 'You already bank with us. Please register as a Bank Account Owner.'
export const EMAIL_NOT_VERIFIED_DETAIL = 'Please verify your email address. We have sent a new code to your email.'
const INVALID_OTP = 'Invalid or expired OTP'

type Errors = { field: string; message: string }[]

/** The BFF's password policy messages (bff/security/password_policy.py). */
export function passwordErrors(password: string | null | undefined, confirm: string | null | undefined): Errors {
  const errors: Errors = []
  if (!password) errors.push({ field: 'password', message: REQUIRED })
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ field: 'password', message: 'Password must be at least 8 characters' })
  else if (!isStrongPassword(password))
    errors.push({
      field: 'password',
      message: 'Password must contain at least 1 uppercase letter, 1 special character, and 1 number',
    })
  if (!confirm) errors.push({ field: 'confirmPassword', message: 'Confirm Password is required' })
  else if (password && confirm !== password) errors.push({ field: 'confirmPassword', message: 'Passwords do not match' })
  return errors
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const validEmail = (email: string) => /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(email)

function duplicateErrors(state: MockState, email: string, phone: string) {
  syncPersonas(state)
  const users = personas.filter((p) => p.internetBanking)
  if (users.some((p) => p.email.toLowerCase() === email))
    return problemJson(409, EMAIL_TAKEN, { errors: [{ field: 'email', message: EMAIL_TAKEN }] })
  if (phone && users.some((p) => p.phoneNumber === phone))
    return problemJson(409, PHONE_TAKEN, { errors: [{ field: 'phoneNumber', message: PHONE_TAKEN }] })
  return null
}

function registered(state: MockState, key: string, email: string) {
  saveState(state)
  return HttpResponse.json<RegisteredResponse>(
    { userId: personas.findIndex((p) => p.key === key) + 1, email, message: 'Registered successfully' },
    { status: 201 },
  )
}

async function jsonBody<T>(request: Request): Promise<Partial<T>> {
  try {
    return ((await request.clone().json()) ?? {}) as Partial<T>
  } catch {
    return {}
  }
}

export const registrationHandlers = [
  // Pass-through: refresh the personas, and stop unverified users at sign-in.
  http.post(`${AUTH_BASE}/login`, async ({ request }) => {
    const state = loadState()
    syncPersonas(state)
    const body = await jsonBody<{ email: string; password: string }>(request)
    const registration = findRegistration(state, clean(body.email))
    if (registration && !registration.verified && registration.password === body.password) {
      return problemJson(403, EMAIL_NOT_VERIFIED_DETAIL, { code: 'EMAIL_NOT_VERIFIED', email: registration.email })
    }
    return undefined
  }),
  http.post(`${AUTH_BASE}/otp-verification`, () => {
    syncPersonas()
    return undefined
  }),

  http.get(`${AUTH_BASE}/registration-enums`, () => HttpResponse.json<RegistrationEnums>(MOCK_ENUMS)),
  http.get(`${AUTH_BASE}/states`, () => HttpResponse.json<StateOption[]>(MOCK_STATES)),
  http.get(`${AUTH_BASE}/account-types`, () => HttpResponse.json<AccountTypeOption[]>(MOCK_ACCOUNT_TYPE_OPTIONS)),

  http.post(`${AUTH_BASE}/registration/new`, async ({ request }) => {
    const body = await jsonBody<NewUserRequest>(request)
    const fields = {
      phoneNumber: clean(body.phoneNumber),
      firstName: clean(body.firstName),
      lastName: clean(body.lastName),
      email: clean(body.email).toLowerCase(),
      dateOfBirth: clean(body.dateOfBirth),
      bvn: clean(body.bvn),
      stateOfResidence: clean(body.stateOfResidence),
      gender: clean(body.gender),
      address: clean(body.address),
      employmentStatus: clean(body.employmentStatus),
      maritalStatus: clean(body.maritalStatus),
    }
    const errors: Errors = Object.entries(fields)
      .filter(([, value]) => !value)
      .map(([field]) => ({ field, message: REQUIRED }))
    if (body.accountTypeId == null) errors.push({ field: 'accountTypeId', message: REQUIRED })
    if (fields.email && !validEmail(fields.email)) errors.push({ field: 'email', message: 'Enter a valid email address' })
    if (fields.phoneNumber && !/^\d{11}$/.test(fields.phoneNumber))
      errors.push({ field: 'phoneNumber', message: 'Phone number must be 11 digits' })
    if (fields.bvn && fields.bvn.length < 11) errors.push({ field: 'bvn', message: 'Bvn must be at least 11 characters' })
    if (fields.dateOfBirth && !/^\d{2}\/\d{2}\/\d{4}$/.test(fields.dateOfBirth))
      errors.push({ field: 'dateOfBirth', message: 'Enter the date of birth as dd/mm/yyyy' })
    errors.push(...passwordErrors(body.password, body.confirmPassword))
    if (errors.length) return fieldErrors(errors)

    const state = loadState()
    if ((personas as PersonaRecord[]).some((p) => isFixturePersona(p.key) && p.bvn === fields.bvn)) {
      return problemJson(409, ALREADY_CUSTOMER)
    }
    const duplicate = duplicateErrors(state, fields.email, fields.phoneNumber)
    if (duplicate) return duplicate
    const id = state.nextId++
    const key = `reg-${id}`
    state.registrations.push({
      key,
      registrationType: 'NEW',
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      phoneNumber: fields.phoneNumber,
      password: body.password ?? '',
      verified: false,
      bvn: fields.bvn,
      accountNumber: `1020009${String(id).padStart(3, '0')}`,
      accountTypeId: Number(body.accountTypeId),
    })
    return registered(state, key, fields.email)
  }),

  http.post(`${AUTH_BASE}/registration/existing`, async ({ request }) => {
    const body = await jsonBody<AccountOwnerRequest>(request)
    const nuban = clean(body.accountNUBAN)
    const email = clean(body.email).toLowerCase()
    const bvn = clean(body.bvn)
    const phone = clean(body.phoneNumber)
    const errors: Errors = []
    if (!nuban) errors.push({ field: 'accountNUBAN', message: REQUIRED })
    else if (!/^\d{10}$/.test(nuban)) errors.push({ field: 'accountNUBAN', message: 'Account Number must be 10 characters' })
    if (!email) errors.push({ field: 'email', message: REQUIRED })
    else if (!validEmail(email)) errors.push({ field: 'email', message: 'Enter a valid email address' })
    if (!bvn && !phone) errors.push({ field: 'bvn', message: 'Enter your BVN or phone number' })
    if (bvn && bvn.length < 11) errors.push({ field: 'bvn', message: 'Bvn must be at least 11 characters' })
    errors.push(...passwordErrors(body.password, body.confirmPassword))
    if (errors.length) return fieldErrors(errors)

    const state = loadState()
    syncPersonas(state)
    const owner = (personas as PersonaRecord[]).find(
      (p) => isFixturePersona(p.key) && p.accounts.some((a) => a.accountNumber === nuban),
    )
    if (!owner || (bvn && bvn !== owner.bvn) || (phone && phone !== owner.phoneNumber)) {
      return problemJson(400, OWNER_MISMATCH)
    }
    if (originalInternetBanking(owner.key) || state.registrations.some((r) => r.key === owner.key)) {
      return problemJson(409, OWNER_ALREADY_REGISTERED)
    }
    const duplicate = duplicateErrors(state, email, owner.phoneNumber)
    if (duplicate) return duplicate
    state.registrations.push({
      key: owner.key,
      registrationType: 'ACCOUNT_OWNER',
      firstName: owner.firstName,
      lastName: owner.lastName,
      email,
      phoneNumber: owner.phoneNumber,
      password: body.password ?? '',
      verified: false,
      bvn: owner.bvn ?? '',
    })
    return registered(state, owner.key, email)
  }),

  http.post(`${AUTH_BASE}/email/verification`, async ({ request }) => {
    const body = await jsonBody<{ email: string; code: string }>(request)
    const state = loadState()
    const registration = state.registrations.find((r) => r.email === clean(body.email).toLowerCase())
    if (!registration || registration.verified || body.code !== MOCK_OTP) {
      return problemJson(400, INVALID_OTP, { errors: [{ field: 'code', message: INVALID_OTP }] })
    }
    registration.verified = true
    saveState(state)
    return HttpResponse.json<MessageResponse>({ message: 'OTP verified' })
  }),

  // Same answer for unknown and verified addresses, as the BFF does.
  http.post(`${AUTH_BASE}/email/resend-code`, () => HttpResponse.json<MessageResponse>({ message: 'OTP Resent' })),
]
