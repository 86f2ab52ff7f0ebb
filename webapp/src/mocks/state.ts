/**
 * The offline bank's data: one record per persona (accounts, transactions, beneficiaries,
 * KYC, tickets, schedules, bills, transfers waiting for their code), built from the shared
 * fixtures (fixtures/personas.json, banks.json, scenarios.json) on first use and forgotten by
 * `resetMockState()` (every test). The handlers under
 * src/features/*\/mocks.ts are routes over this state; the only rules here are the few that
 * keep the screens believable: a code is 123456, a payment debits its account and adds a
 * transaction, and the fixtures' magic numbers decide an outcome.
 *
 * In `dev:mock` the whole state lives on in the tab's sessionStorage (`keepStateInTab`);
 * registered users, reset passwords and finished onboarding in localStorage
 * (`kobo.mock.accounts`), so they survive the reload that signing out makes.
 */
import scenarios from '../../../fixtures/scenarios.json'
import type { components } from '../api/schema'
import type { Account, TwoFactorAuthentication } from '../api/types'
import { KOBO_CODE, MOCK_OTP, accountsOf, bankNameOf, personas, type Persona } from './personas'
import type { Check } from './liveness'

export type S = components['schemas']
export { MOCK_OTP, KOBO_CODE }
/** A transaction line; `fresh` ones were made in this session (the dashboard lists them). */
export type Line = S['TransactionDetailOut'] & { postedAt: number; fresh?: boolean }
export type Review = 'pending' | 'approved' | 'declined'

export interface Customer {
  accounts: Account[]
  /** Every account's lines, newest first. */
  transactions: Line[]
  beneficiaries: S['BeneficiaryOut'][]
  twoFactor: TwoFactorAuthentication
  kycLevel: number
  kyc: Partial<Record<number, { status: Review; comment: string | null }>>
  /** Customer-set limits (naira) by `${nuban}:${transferType}`; a raise waits until `from` (ms). */
  limits: Record<string, { daily: number; single: number; raise?: { daily: number; single: number; from: number } }>
  /** What a code confirms, by the id the first call answered. */
  awaiting: Map<string, () => Response>
  transfers: Map<string, S['TransferOut']>
  bills: S['BillLogOut'][]
  schedules: S['ScheduledPaymentOut'][]
  tickets: S['TicketOut'][]
  /** Ticket attachments' contents (data URLs) by attachment id. */
  files: Record<number, { ticketId: number; name: string; content: string }>
}

let customers = new Map<string, Customer>()
let serial = 1
export const nextId = () => serial++

/** A persona's savings total, as the savings mocks keep it (features/savings/mocks.ts). */
let savingsTotal: (personaKey: string) => number = () => 0
export const savingsTotalOf = (personaKey: string) => savingsTotal(personaKey)
export const keepSavingsTotal = (of: (personaKey: string) => number) => {
  savingsTotal = of
}

const resetHooks: (() => void)[] = []
/** Routes that keep something of their own clear it here too. */
export const onReset = (hook: () => void) => resetHooks.push(hook)

export function resetMockState(): void {
  customers = new Map()
  serial = 1
  syncPersonas()
  resetHooks.forEach((hook) => hook())
}

/** `dev:mock` keeps the state in the tab's sessionStorage, so typing a URL or reloading keeps it. */
const TAB_KEY = 'kobo.mock.state'
let inTab = false

export function keepStateInTab(): void {
  inTab = true
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(TAB_KEY) ?? 'null') as { serial: number; customers: [string, Customer & { transfers: [] }][] } | null
    if (!saved) return
    serial = saved.serial
    customers = new Map(saved.customers.map(([key, c]) => [key, { ...c, awaiting: new Map(), transfers: new Map(c.transfers) }]))
  } catch {
    // An unreadable copy: start afresh.
  }
}

/** Called after every signed-in route (a no-op outside the browser's mock build). */
export function saveStateInTab(): void {
  if (!inTab) return
  const copy = [...customers].map(([key, c]) => [key, { ...c, awaiting: [], transfers: [...c.transfers] }])
  try {
    window.sessionStorage.setItem(TAB_KEY, JSON.stringify({ serial, customers: copy }))
  } catch {
    // A full storage only makes the tab forget sooner.
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
/** `dd-mm-yyyy`, and with `time` ` hh:mm:ss`: the wire formats of dates. */
export function wireDate(d: Date = new Date(), time = true): string {
  const day = `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`
  return time ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day
}
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000)
export const HOUR = 3600_000

/** When a cap ends, as the BFF words it in West Africa Time: `14:05 today`, `14:05 tomorrow`, `14:05 on 30 Nov`. */
export function lagosUntil(until: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(until)
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(d)
  const today = new Date()
  if (day(until) === day(today)) return `${time} today`
  if (day(until) === day(new Date(today.getTime() + 24 * HOUR))) return `${time} tomorrow`
  return `${time} on ${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short' }).format(until)}`
}

/** The shape of the BFF's references: 32 hex digits. */
export const newReference = () => `${(Date.now() * 4096 + nextId()).toString(16).slice(-12).padStart(12, '0')}4c1d9a2e5b6c7d8e9f01`
export const newUuid = () => `00000000-0000-4000-9000-${String(nextId()).padStart(12, '0')}`

export function customerOf(persona: Persona): Customer {
  let c = customers.get(persona.key)
  if (!c) {
    const banking = persona.internetBanking as (Persona['internetBanking'] & { kycLevel?: number }) | null
    const kycLevel = banking?.kycLevel ?? 0
    const accounts = accountsOf(persona)
    c = {
      accounts,
      transactions: accounts.flatMap((a) => seedHistory(a, persona)).sort((x, y) => y.postedAt - x.postedAt),
      beneficiaries: [],
      twoFactor: banking?.twoFactorAuthentication ?? 'OTP_AUTHENTICATION',
      kycLevel,
      kyc: Object.fromEntries([1, 2, 3].filter((n) => n <= kycLevel).map((n) => [n, { status: 'approved' as Review, comment: null }])),
      limits: {},
      awaiting: new Map(),
      transfers: new Map(),
      bills: [],
      schedules: [],
      tickets: [],
      files: {},
    }
    customers.set(persona.key, c)
    if (persona.accounts.some((a) => a.openingBalanceKobo > 0)) c.schedules = seedSchedules(accounts)
  }
  return c
}

// --- money -------------------------------------------------------------------------

/** Moves `amount` naira (negative debits) and records the line on the account. */
export function post(account: Account, amount: number, narration: string, other: Partial<Line> = {}, status = 'COMPLETED'): Line {
  if (status !== 'FAILED') {
    account.availableBalance = Math.round(account.availableBalance * 100 + amount * 100) / 100
    account.ledgerBalance = account.availableBalance
  }
  const found = findKoboAccount(account.accountNumber)
  const line = { ...lineOf(account, new Date(), amount, narration, status, other), fresh: true }
  if (found) customerOf(found.persona).transactions.unshift(line)
  return line
}

function lineOf(account: Account, at: Date, amount: number, narration: string, status: string, other: Partial<Line>): Line {
  return {
    referenceNumber: newReference(),
    dateCreated: wireDate(at, false),
    timeCreated: wireDate(at).slice(11, 16),
    narration,
    transactionType: amount > 0 ? 'CREDIT' : 'DEBIT',
    amount: Math.abs(amount),
    status,
    accountNumber: account.accountNumber,
    balanceAfter: status === 'COMPLETED' ? account.availableBalance : null,
    sessionId: null,
    sourceAccountName: amount > 0 ? (other.counterpartyName ?? null) : account.accountName,
    sourceAccountNumber: amount > 0 ? null : account.accountNumber,
    destinationAccountName: amount > 0 ? account.accountName : (other.counterpartyName ?? null),
    destinationAccountNumber: amount > 0 ? account.accountNumber : null,
    counterpartyName: null,
    counterpartyBank: null,
    description: null,
    token: null,
    units: null,
    postedAt: at.getTime(),
    ...other,
  }
}

const PEOPLE = ['Chinedu Obi', 'Emeka Nwankwo', 'Halima Sani', 'Ifeoma Chukwu', 'Segun Adebayo', 'Zainab Bello']
const BANKS = ['000013', '000014', '000016'].map((code) => bankNameOf(code)!)

/**
 * A few months of salary, transfers and airtime ending on today's balance (a busy account
 * gets a line every few hours), plus Ada-like personas' pending and failed examples.
 */
function seedHistory(account: Account, persona: Persona): Line[] {
  const fixture = persona.accounts.find((a) => a.accountNumber === account.accountNumber) as { historyMonths?: number; busy?: boolean }
  const step = (fixture.busy ? 3 : 60) * 3_600_000
  const lines: Line[] = []
  let balance = account.availableBalance
  for (let i = 1, t = Date.now() - 3_600_000; t > Date.now() - (fixture.historyMonths ?? 0) * 30 * 86_400_000; i++, t -= step) {
    const who = PEOPLE[i % PEOPLE.length]
    const bank = BANKS[i % BANKS.length]
    const amount = i % 3 === 0 ? 2500 + (i % 17) * 1000 : -(500 + (i % 23) * 250.5)
    if (balance - amount < 0) continue
    const at = new Date(t)
    const narration = amount > 0 ? (i % 15 ? `From ${who}` : `Reversal of transfer to ${who}`) : i % 2 ? `Transfer to ${who}, ${bank}` : `MTN airtime, 0803${String(1000000 + i).slice(-7)}`
    const sessionId = `${KOBO_CODE}${wireDate(at).replace(/\D/g, '').slice(2)}${String(i).padStart(12, '0')}`
    lines.push(lineOf({ ...account, availableBalance: balance }, at, amount, narration, 'COMPLETED', { counterpartyName: who, counterpartyBank: bank, sessionId, referenceNumber: `TXN-${account.accountNumber}-${i}` }))
    balance = Math.round((balance - amount) * 100) / 100
  }
  if (account.accountNumber !== persona.accounts[0].accountNumber || account.availableBalance <= 0) return lines
  const at = (days: number) => daysFromNow(-days)
  const example = (ref: string, days: number, amount: number, narration: string, status: string, other: Partial<Line>) =>
    lineOf(account, at(days), amount, narration, status, { referenceNumber: ref, balanceAfter: null, ...other })
  return [
    ...lines,
    example('7f3a9c21e0b44c1d9a2e5b6c7d8e9f01', 2, -12000, 'Transfer to Kunle Adeyemi, Guaranty Trust Bank', 'PENDING', { counterpartyName: 'Kunle Adeyemi', counterpartyBank: bankNameOf('000013'), destinationAccountName: 'Kunle Adeyemi', destinationAccountNumber: '2030000017', description: 'Market supplies' }),
    example('2b81d5e6f0934c1d9a2e5b6c7d8e9f01', 3, -1500, 'MTN airtime, 08099990002', 'FAILED', { counterpartyName: 'MTN', destinationAccountName: 'MTN', destinationAccountNumber: '08099990002' }),
    example('c04e1a77d5f24c1d9a2e5b6c7d8e9f01', 9, -45000, 'Transfer to Adaeze Nwosu, Guaranty Trust Bank', 'FAILED', { counterpartyName: 'Adaeze Nwosu', counterpartyBank: bankNameOf('000013'), destinationAccountName: 'Adaeze Nwosu', destinationAccountNumber: '9000000021', sessionId: `${KOBO_CODE}250101120000000000000451` }),
  ]
}

/** One scheduled payment of each status, for customers with money. */
function seedSchedules(accounts: Account[]): S['ScheduledPaymentOut'][] {
  const one = (amount: number, days: number, description: string, fields: Partial<S['ScheduledPaymentOut']> = {}): S['ScheduledPaymentOut'] => ({
    uuid: newUuid(), clientId: 1, referenceNumber: `SCH${4_000_000_000 + nextId()}`, transferType: 'INTRA_BANK',
    sourceAccountNumber: accounts[0].accountNumber, destinationAccountNumber: '2030000107', destinationAccountName: 'Kunle Adeyemi',
    destinationBankCode: KOBO_CODE, destinationBankName: bankNameOf(KOBO_CODE)!, amount, description, scheduleDate: wireDate(daysFromNow(days), false),
    interval: null, repeatPayment: 1, runsDone: 0, status: 'PENDING', approved: true, failureReason: null, ...fields,
  })
  return [
    one(20000, 5, 'Monthly rent share', { interval: 'MONTHLY', repeatPayment: 6 }),
    one(7500, -3, 'School fees', { transferType: 'OTHER_BANK', destinationAccountNumber: '9000000014', destinationAccountName: 'Adaeze Nwosu', destinationBankCode: '000013', destinationBankName: bankNameOf('000013')!, runsDone: 1, status: 'COMPLETED' }),
    one(150000, -10, 'Car loan', { destinationAccountNumber: '2030000114', destinationAccountName: 'Ngozi Okonkwo', status: 'FAILED', failureReason: 'Insufficient funds' }),
    ...(accounts.length > 1
      ? [one(50000, 12, 'Savings top-up', { transferType: 'OWN_ACCOUNT', destinationAccountNumber: accounts[1].accountNumber, destinationAccountName: accounts[1].accountName, interval: 'WEEKLY', repeatPayment: 4, approved: false })]
      : []),
  ]
}

/** A Kobo account of any persona. */
export function findKoboAccount(accountNumber: string): { persona: Persona; account: Account } | null {
  for (const persona of personas) {
    const account = (customers.get(persona.key)?.accounts ?? accountsOf(persona)).find((a) => a.accountNumber === accountNumber)
    if (account) return { persona, account: customerOf(persona).accounts.find((a) => a.accountNumber === accountNumber)! }
  }
  return null
}

// --- who owns an account number (fixtures/scenarios.json) ----------------------------

interface Interbank {
  bankCode: string
  accountNumber: string
  accountName: string | null
  transfer?: { responseCode?: string; effect?: string; finalResponseCode?: string }
}
export const INTERBANK: Interbank[] = (scenarios as { interbankAccounts: Interbank[] }).interbankAccounts
export interface BillerScenario {
  customerId: string
  name?: string
  phone?: string
  address?: string
  validate?: { responseCode: string }
  vend?: { responseCode?: string; effect?: string }
}
export const BILLER_SCENARIOS = (scenarios as unknown as { billers: BillerScenario[] }).billers

/** The account's name as a name inquiry answers it, or null when there is none. */
export function accountName(bankCode: string, accountNumber: string): string | null {
  if (!/^\d{10}$/.test(accountNumber)) return null
  if (bankCode === KOBO_CODE) {
    const found = findKoboAccount(accountNumber)
    if (found) return found.account.status === 'ACTIVE' ? found.account.accountName : null
    return accountNumber.startsWith('2030') ? PEOPLE[Number(accountNumber.slice(-2)) % PEOPLE.length] : null
  }
  const scenario = INTERBANK.find((s) => s.accountNumber === accountNumber && s.bankCode === bankCode)
  if (scenario) return scenario.accountName
  return bankNameOf(bankCode) && !accountNumber.startsWith('0') ? PEOPLE[Number(accountNumber.slice(-2)) % PEOPLE.length] : null
}

// --- sign-up, password resets, onboarding (kept in localStorage) ----------------------

export interface Registration {
  key: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  password: string
  verified: boolean
  accountNumber?: string
}
export interface Saved {
  registrations: Registration[]
  passwords: Record<string, string>
  onboarding: Record<string, { profile: S['BasicProfileIn'] | null; profileStatus: string | null; documents: { id: number; slot: number; description: string; status: string }[]; reviewAt: number | null; liveness?: Check }>
  resetLinks: Record<string, boolean>
}
const STORAGE_KEY = 'kobo.mock.accounts'

export function loadSaved(): Saved {
  try {
    return { registrations: [], passwords: {}, onboarding: {}, resetLinks: {}, ...JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') }
  } catch {
    return { registrations: [], passwords: {}, onboarding: {}, resetLinks: {} }
  }
}

export function save(saved: Saved): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(saved))
  syncPersonas(saved)
}

const originals = new Map(personas.map((p) => [p.key, JSON.stringify(p)]))
export const isFixturePersona = (key: string) => originals.has(key)

/** The persona list as the fixture plus what was saved: new users, new passwords, onboarding done. */
export function syncPersonas(saved: Saved = typeof window === 'undefined' ? loadSavedEmpty() : loadSaved()): void {
  personas.splice(0, personas.length, ...personas.filter((p) => originals.has(p.key)).map((p) => Object.assign(p, JSON.parse(originals.get(p.key)!))))
  for (const r of saved.registrations) {
    let persona = personas.find((p) => p.key === r.key)
    if (!persona) {
      persona = { key: r.key, firstName: r.firstName, lastName: r.lastName, email: r.email, phoneNumber: r.phoneNumber, internetBanking: null, accounts: [{ accountNumber: r.accountNumber ?? '1020009000', accountTypeId: 1, openingBalanceKobo: 0 }] }
      personas.push(persona)
    }
    Object.assign(persona, { email: r.email, phoneNumber: r.phoneNumber })
    persona.internetBanking = { password: r.password, role: 'CUSTOMER', twoFactorAuthentication: 'OTP_AUTHENTICATION', onboardingComplete: false }
  }
  for (const p of personas) {
    if (!p.internetBanking) continue
    if (saved.passwords[p.key]) p.internetBanking.password = saved.passwords[p.key]
    const onboarding = saved.onboarding[p.key]
    if (onboarding?.profileStatus === 'APPROVED' && onboarding.documents.length >= 2 && onboarding.documents.every((d) => d.status === 'APPROVED') && onboarding.liveness?.status === 'PASSED') {
      p.internetBanking.onboardingComplete = true
    }
  }
}
function loadSavedEmpty(): Saved {
  return { registrations: [], passwords: {}, onboarding: {}, resetLinks: {} }
}

// After a reload the persona list is the fixture's again: bring the registered users back.
if (typeof window !== 'undefined') syncPersonas()
