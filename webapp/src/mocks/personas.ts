/**
 * The shared demo data the mocks start from, read from the fixture files the simulator reads
 * too, so the offline app and the real stack greet the same people with the same accounts:
 * fixtures/personas.json, banks.json (Kobo's NIBSS code, every bank's name) and
 * account_types.json.
 */
import fixture from '../../../fixtures/personas.json'
import banksFixture from '../../../fixtures/banks.json'
import accountTypesFixture from '../../../fixtures/account_types.json'
import type { Account, TwoFactorAuthentication, UserRole } from '../api/types'

export const MOCK_PASSWORD = 'Kobo@2026'
export const MOCK_OTP = '123456'
export const BANKS = banksFixture.banks
/** Kobo's own institution code (090605). */
export const KOBO_CODE: string = banksFixture.ownInstitutionCode
export const bankNameOf = (code: string) => BANKS.find((b) => b.institutionCode === code)?.institutionName ?? null
/** The core's account products, `{ id, name }` as the BFF lists them. */
export const ACCOUNT_TYPES = accountTypesFixture.accountTypes.map(({ id, name }) => ({ id, name }))
export const accountTypeName = (id: number) => ACCOUNT_TYPES.find((t) => t.id === id)?.name ?? ACCOUNT_TYPES[0].name

export interface Persona {
  key: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  internetBanking: { password: string; role: UserRole; twoFactorAuthentication: TwoFactorAuthentication; onboardingComplete: boolean } | null
  accounts: { accountNumber: string; accountTypeId: number; openingBalanceKobo: number }[]
}

export const personas: Persona[] = (fixture as { personas: Persona[] }).personas

/** Stable numeric user id per persona (its position in the fixture). */
export const userIdOf = (persona: Persona) => personas.indexOf(persona) + 1
export const userUUIDOf = (persona: Persona) => `00000000-0000-4000-8000-${String(userIdOf(persona)).padStart(12, '0')}`

/** Login identifiers are an e-mail address or a phone number. */
export function findPersonaByLogin(identifier: string): Persona | undefined {
  const needle = identifier.trim().toLowerCase()
  return personas.find((p) => p.internetBanking && (p.email.toLowerCase() === needle || p.phoneNumber === needle))
}

export function accountsOf(persona: Persona): Account[] {
  return persona.accounts.map((a) => ({
    accountNumber: a.accountNumber,
    accountName: `${persona.firstName} ${persona.lastName}`,
    accountTypeId: a.accountTypeId,
    accountTypeName: accountTypeName(a.accountTypeId),
    availableBalance: a.openingBalanceKobo / 100,
    ledgerBalance: a.openingBalanceKobo / 100,
    currency: 'NGN',
    status: 'ACTIVE',
  }))
}
