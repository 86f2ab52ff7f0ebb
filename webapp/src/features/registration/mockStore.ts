/**
 * State shared by the registration, password-recovery and onboarding MSW
 * handlers, so that `npm run dev:mock` lets a person register, verify the
 * e-mail (code 123456), reset a password and finish onboarding offline.
 *
 * The state is kept in localStorage: logging out reloads the page, and the
 * new user must still exist afterwards. The tests clear localStorage between
 * cases, which resets it. Registered users are added to the shared persona
 * list (`syncPersonas`), so the existing sign-in, accounts and dashboard
 * handlers serve them like any fixture persona.
 */
import { problem } from '../../mocks/session'
import { personas, type Persona } from '../../mocks/personas'

const STORAGE_KEY = 'kobo.mock.accounts'

export type ReviewStatus = 'SUBMITTED' | 'APPROVED' | 'DECLINED'

export interface MockRegistration {
  /** The persona key: `reg-<n>` for new users, the fixture's key for account owners. */
  key: string
  registrationType: 'NEW' | 'ACCOUNT_OWNER'
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  password: string
  verified: boolean
  bvn: string
  /** New users get a fresh account. */
  accountNumber?: string
  accountTypeId?: number
}

export interface MockDocument {
  id: number
  slotId: number
  description: string
  coreBankingDocumentTypeId: number | null
  status: ReviewStatus
  verificationComment: string | null
}

export interface MockOnboarding {
  profile: { firstName: string; lastName: string; phoneNumber: string; bvn: string; nin: string } | null
  basicProfileStatus: ReviewStatus | null
  basicProfileComment: string | null
  bvnStatus: ReviewStatus | null
  bvnComment: string | null
  ninStatus: ReviewStatus | null
  ninComment: string | null
  /**
   * When the mock back office started reviewing (the first status read with
   * everything submitted); a status read a few seconds later approves.
   */
  reviewStartedAt: number | null
  documents: MockDocument[]
}

export interface MockState {
  registrations: MockRegistration[]
  /** Passwords set through a reset link, by persona key. */
  passwords: Record<string, string>
  onboarding: Record<string, MockOnboarding>
  /** Open reset links, by e-mail address. */
  resetLinks: Record<string, { used: boolean }>
  nextId: number
}

const emptyState = (): MockState => ({ registrations: [], passwords: {}, onboarding: {}, resetLinks: {}, nextId: 1 })

export function loadState(): MockState {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    return raw ? { ...emptyState(), ...(JSON.parse(raw) as Partial<MockState>) } : emptyState()
  } catch {
    return emptyState()
  }
}

export function saveState(state: MockState): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // A full storage only makes the offline demo forget sooner.
  }
  syncPersonas(state)
}

/** Uploaded contents stay in memory (localStorage is too small for images). */
export const documentContents = new Map<number, string>()

// What the fixture personas looked like before any mock registration touched them.
const originals = new Map(
  personas.map((p) => [
    p.key,
    { email: p.email, phoneNumber: p.phoneNumber, internetBanking: p.internetBanking ? { ...p.internetBanking } : null },
  ]),
)

/** Fixture fields the Persona type leaves out. */
export type PersonaRecord = Persona & { bvn?: string | null; nin?: string | null }

export function isFixturePersona(key: string): boolean {
  return originals.has(key)
}

/** The fixture persona as it was in the fixture file (before registrations). */
export function originalInternetBanking(key: string) {
  return originals.get(key)?.internetBanking ?? null
}

export function onboardingComplete(onboarding: MockOnboarding | undefined): boolean {
  if (!onboarding) return false
  return (
    onboarding.basicProfileStatus === 'APPROVED' &&
    onboarding.bvnStatus === 'APPROVED' &&
    onboarding.ninStatus === 'APPROVED' &&
    documentSection(onboarding).status === 'APPROVED'
  )
}

/** The mandatory document slots (mirrors bff/onboarding/slots.py). */
export const DOCUMENT_SLOTS = [
  { id: 1, name: 'Passport Photograph', mandatory: true, needsType: false },
  { id: 2, name: 'Means of Identification', mandatory: true, needsType: true },
  { id: 3, name: 'Proof of Address', mandatory: false, needsType: true },
] as const

/** The DOCUMENT_VERIFICATION section's status, derived from the documents as the BFF does. */
export function documentSection(onboarding: MockOnboarding): { status: ReviewStatus | null; comment: string | null } {
  const declined = onboarding.documents.find((d) => d.status === 'DECLINED')
  if (declined) return { status: 'DECLINED', comment: declined.verificationComment }
  const uploaded = new Set(onboarding.documents.map((d) => d.slotId))
  if (!DOCUMENT_SLOTS.every((slot) => !slot.mandatory || uploaded.has(slot.id))) return { status: null, comment: null }
  if (onboarding.documents.every((d) => d.status === 'APPROVED')) return { status: 'APPROVED', comment: null }
  return { status: 'SUBMITTED', comment: null }
}

/**
 * Brings the shared persona list in line with the mock state: registered
 * users become personas, reset passwords and finished onboarding apply, and
 * everything else returns to the fixture's values.
 */
export function syncPersonas(state: MockState = loadState()): void {
  for (let i = personas.length - 1; i >= 0; i -= 1) {
    const key = personas[i].key
    if (!originals.has(key) && !state.registrations.some((r) => r.key === key)) personas.splice(i, 1)
  }
  for (const persona of personas) {
    const original = originals.get(persona.key)
    if (!original) continue
    persona.email = original.email
    persona.phoneNumber = original.phoneNumber
    persona.internetBanking = original.internetBanking ? { ...original.internetBanking } : null
  }
  for (const registration of state.registrations) {
    let persona = personas.find((p) => p.key === registration.key)
    if (!persona) {
      persona = {
        key: registration.key,
        firstName: registration.firstName,
        lastName: registration.lastName,
        email: registration.email,
        phoneNumber: registration.phoneNumber,
        internetBanking: null,
        accounts: [
          {
            accountNumber: registration.accountNumber ?? '1020009000',
            accountTypeId: registration.accountTypeId ?? 1,
            openingBalanceKobo: 0,
          },
        ],
      }
      Object.assign(persona, { bvn: registration.bvn, nin: null })
      personas.push(persona)
    }
    persona.email = registration.email
    persona.phoneNumber = registration.phoneNumber
    persona.internetBanking = {
      password: registration.password,
      role: 'CUSTOMER',
      twoFactorAuthentication: 'OTP_AUTHENTICATION',
      onboardingComplete: false,
    }
  }
  for (const persona of personas) {
    if (!persona.internetBanking) continue
    const password = state.passwords[persona.key]
    if (password) persona.internetBanking.password = password
    if (onboardingComplete(state.onboarding[persona.key])) persona.internetBanking.onboardingComplete = true
  }
}

/** A registration by e-mail address or phone number. */
export function findRegistration(state: MockState, identifier: string): MockRegistration | undefined {
  const needle = identifier.trim().toLowerCase()
  return state.registrations.find((r) => r.email === needle || r.phoneNumber === needle)
}

/** A problem-details answer with optional field errors and extra members. */
export function problemJson(
  status: number,
  detail: string,
  extra: { errors?: { field: string; message: string }[]; [member: string]: unknown } = {},
) {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
  }
  return problem(status, detail, titles[status] ?? 'Error', extra)
}

/** 400 with several field errors; `detail` is the first message, as the BFF does. */
export function fieldErrors(errors: { field: string; message: string }[]) {
  return problemJson(400, errors[0].message, { errors })
}

// After a page reload the persona list is the fixture's again: bring the
// registered users back before any handler (sign-in, accounts…) needs them.
if (typeof window !== 'undefined') syncPersonas()
