/**
 * The offline bank behind the MSW handlers of accounts, dashboard, transfers,
 * beneficiaries and settings: one in-memory ledger per persona, so that
 * `npm run dev:mock` behaves like the real stack (balances move, accounts open
 * and close, beneficiaries and limits are remembered) until the page reloads.
 * Tests call `resetMockBank()` before each case.
 */
import scenarios from '../../../../fixtures/scenarios.json'
import type { Account } from '../../api/types'
import { MOCK_OTP, accountsOf, personas, type Persona } from '../../mocks/personas'
import { ACCOUNT_TYPES, KOBO_CODE } from '../../mocks/fixtures'
import type { AccountType } from '../../api/accountTypes'

export { MOCK_OTP }

export const MOCK_ACCOUNT_TYPE_LIST: AccountType[] = ACCOUNT_TYPES
export { KOBO_CODE }

export interface MockBeneficiary {
  id: number
  beneficiaryName: string
  bankName: string
  accountName: string
  accountNumber: string
  bankCode: string
}

export interface MockLimit {
  dailyKobo: number
  singleKobo: number
  uuid: string
}

export interface PersonaBank {
  accounts: Account[]
  beneficiaries: MockBeneficiary[]
  /** Customer-set limits by `${nuban}:${transferType}`; the KYC ceiling applies otherwise. */
  limits: Map<string, MockLimit>
  twoFactor: 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'
  /** Actions waiting for their code: disable, limit change, 2FA switch. */
  pendingDisable: Set<string>
  pendingLimits: Map<string, { nuban: string; transferType: string | null; dailyKobo: number; singleKobo: number }>
  pendingTwoFactor: 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR' | null
}

let banks = new Map<string, PersonaBank>()
let nextSerial = 1
let nextBeneficiaryId = 1

export function resetMockBank(): void {
  banks = new Map()
  nextSerial = 1
  nextBeneficiaryId = 1
  resetHooks.forEach((hook) => hook())
}

const resetHooks: (() => void)[] = []
/** Other mock modules register their own state here so one reset clears everything. */
export function onMockBankReset(hook: () => void): void {
  resetHooks.push(hook)
}

function kycLevelOf(persona: Persona): number {
  const banking = persona.internetBanking as (Persona['internetBanking'] & { kycLevel?: number }) | null
  return banking?.kycLevel ?? 0
}

export function bankOf(persona: Persona): PersonaBank {
  let bank = banks.get(persona.key)
  if (!bank) {
    bank = {
      accounts: accountsOf(persona),
      beneficiaries: [],
      limits: new Map(),
      twoFactor: persona.internetBanking?.twoFactorAuthentication ?? 'OTP_AUTHENTICATION',
      pendingDisable: new Set(),
      pendingLimits: new Map(),
      pendingTwoFactor: null,
    }
    banks.set(persona.key, bank)
  }
  return bank
}

export function newBeneficiaryId(): number {
  return nextBeneficiaryId++
}

export function openAccount(persona: Persona, typeId: number): Account {
  const type = MOCK_ACCOUNT_TYPE_LIST.find((t) => t.id === typeId)!
  const account: Account = {
    accountNumber: `10500000${String(nextSerial++).padStart(2, '0')}`,
    accountName: `${persona.firstName} ${persona.lastName}`,
    accountTypeId: type.id,
    accountTypeName: type.name,
    availableBalance: 0,
    ledgerBalance: 0,
    currency: 'NGN',
    status: 'ACTIVE',
  }
  bankOf(persona).accounts.push(account)
  return account
}

/** A Kobo account of any persona (for same-bank name look-ups and credits). */
export function findKoboAccount(accountNumber: string): { persona: Persona; account: Account } | null {
  for (const persona of personas) {
    const account = bankOf(persona).accounts.find((a) => a.accountNumber === accountNumber)
    if (account) return { persona, account }
  }
  return null
}

/** Moves `amount` naira (positive credits, negative debits), keeping two decimals exact. */
export function post(account: Account, amount: number): void {
  const kobo = Math.round(account.availableBalance * 100) + Math.round(amount * 100)
  account.availableBalance = kobo / 100
  account.ledgerBalance = kobo / 100
}

// --- limits (bff/settings/limits.py) -------------------------------------------------

export const TRANSFER_TYPES = ['INTRA_BANK', 'OTHER_BANK', 'BILL_PAYMENT'] as const
export const TRANSFER_TYPE_NAMES: Record<string, string> = {
  INTRA_BANK: 'Kobo to Kobo transfers',
  OTHER_BANK: 'Transfers to other banks',
  BILL_PAYMENT: 'Bills and airtime',
}
const CEILINGS: Record<number, { dailyKobo: number; singleKobo: number }> = {
  0: { dailyKobo: 5_000_000, singleKobo: 2_000_000 },
  1: { dailyKobo: 5_000_000, singleKobo: 2_000_000 },
  2: { dailyKobo: 20_000_000, singleKobo: 10_000_000 },
  3: { dailyKobo: 500_000_000, singleKobo: 100_000_000 },
}

export function ceilingOf(persona: Persona) {
  return CEILINGS[Math.max(0, Math.min(3, kycLevelOf(persona)))]
}

export function limitOf(persona: Persona, nuban: string, transferType: string) {
  const own = bankOf(persona).limits.get(`${nuban}:${transferType}`)
  const ceiling = ceilingOf(persona)
  return own ? { ...own, dailyKobo: Math.min(own.dailyKobo, ceiling.dailyKobo), singleKobo: Math.min(own.singleKobo, ceiling.singleKobo) } : { ...ceiling, uuid: null }
}

// --- other banks (fixtures/scenarios.json) -------------------------------------------

export interface InterbankScenario {
  bankCode: string
  accountNumber: string
  accountName: string | null
  scenario: string
  /** What the switch does with a transfer to it: a final code, or an effect then a code. */
  transfer?: { responseCode?: string; effect?: string; finalResponseCode?: string }
}

export const INTERBANK_SCENARIOS: InterbankScenario[] = (scenarios as { interbankAccounts: InterbankScenario[] })
  .interbankAccounts

const OTHER_BANK_NAMES = ['Emeka Nwankwo', 'Halima Sani', 'Ifeoma Chukwu', 'Segun Adebayo', 'Zainab Bello', 'Obinna Eze']
const KOBO_NAMES = ['Kunle Adeyemi', 'Ngozi Okonkwo', 'Yusuf Danjuma', 'Bisi Alabi']

/**
 * Who owns an account at another bank, as the mock NIP switch answers: the
 * scenario accounts by name, an unknown-account scenario and numbers starting
 * with 0 as not found, anything else a stable made-up name.
 */
export function otherBankName(bankCode: string, accountNumber: string): string | null {
  const scenario = INTERBANK_SCENARIOS.find((s) => s.accountNumber === accountNumber && s.bankCode === bankCode)
  if (scenario) return scenario.accountName
  if (accountNumber.startsWith('0')) return null
  return OTHER_BANK_NAMES[Number(accountNumber.slice(-2)) % OTHER_BANK_NAMES.length]
}

/** Kobo accounts: the personas', and the simulator's made-up customers (2030… serials). */
export function koboName(accountNumber: string): string | null {
  const found = findKoboAccount(accountNumber)
  if (found) return found.account.status === 'ACTIVE' ? found.account.accountName : null
  if (accountNumber.startsWith('2030')) return KOBO_NAMES[Number(accountNumber.slice(-2)) % KOBO_NAMES.length]
  return null
}

export function interbankRuleOf(bankCode: string, accountNumber: string): InterbankScenario['transfer'] | null {
  return INTERBANK_SCENARIOS.find((s) => s.accountNumber === accountNumber && s.bankCode === bankCode)?.transfer ?? null
}
