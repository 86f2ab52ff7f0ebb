/**
 * Mock data for MSW, derived from the shared demo personas
 * (fixtures/personas.json) so that the offline app and the real stack greet
 * the same people with the same accounts.
 */
import fixture from '../../../fixtures/personas.json'
import type { Account, TwoFactorAuthentication, UserRole } from '../api/types'
import { accountTypeName } from './fixtures'

export const MOCK_PASSWORD = 'Kobo@2026'
export const MOCK_OTP = '123456'

interface FixtureAccount {
  accountNumber: string
  accountTypeId: number
  openingBalanceKobo: number
}

export interface Persona {
  key: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  internetBanking: {
    password: string
    role: UserRole
    twoFactorAuthentication: TwoFactorAuthentication
    onboardingComplete: boolean
  } | null
  accounts: FixtureAccount[]
}

export const personas: Persona[] = (fixture as { personas: Persona[] }).personas


/** Stable numeric user id per persona (its position in the fixture). */
export function userIdOf(persona: Persona): number {
  return personas.indexOf(persona) + 1
}

export function userUUIDOf(persona: Persona): string {
  return `00000000-0000-4000-8000-${String(userIdOf(persona)).padStart(12, '0')}`
}

/** Login identifiers are an e-mail address or a phone number. */
export function findPersonaByLogin(identifier: string): Persona | undefined {
  const needle = identifier.trim().toLowerCase()
  return personas.find(
    (p) => p.internetBanking && (p.email.toLowerCase() === needle || p.phoneNumber === needle),
  )
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
