/**
 * MSW handlers for transaction history, details and statements, mirroring
 * bff/history: each persona account gets months of ledger lines shaped like
 * the simulator's seeded history (salary credits, transfers in and out,
 * airtime, POS, fees and the odd reversal; the busy current account has over
 * a thousand lines), generated once per mock-bank reset from a seeded random
 * source and ending on the account's balance. A few pending and failed
 * transfers and bill payments (never in the ledger) are listed too.
 */
import { http, HttpResponse } from 'msw'
import fixture from '../../../../fixtures/personas.json'
import type { Persona } from '../../mocks/personas'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import { bankOf, onMockBankReset } from '../accounts/mockBank'
import { unauthorized } from '../accounts/mocks'
import type { MessageResponse } from '../../api/accountTypes'
import { TRANSACTIONS_PATH } from './api'
import { END_BEFORE_START, OVER_ONE_YEAR, START_IN_FUTURE, STATEMENT_REQUESTED } from './texts'
import type { StatementFileType, StatementRequest, TransactionDetail, TransactionPage } from './types'
import { KOBO_CODE, bankNameOf } from '../../mocks/fixtures'

const REQUIRED = 'This field is required'
const BAD_DATE = 'Enter dates as dd-mm-yyyy'

interface LedgerFixture {
  accountNumber: string
  historyMonths?: number
  busy?: boolean
}

const HISTORY_OF: Map<string, LedgerFixture> = new Map(
  (fixture as { personas: { accounts: LedgerFixture[] }[] }).personas.flatMap((p) =>
    p.accounts.map((a) => [a.accountNumber, a] as const),
  ),
)

const EMPLOYERS = ['Lagos Tech Hub Ltd', 'Dangote Cement Plc', 'Andela Nigeria', 'Zenith Logistics Ltd']
const PEOPLE = [
  'Chinedu Obi',
  'Emeka Nwankwo',
  'Halima Sani',
  'Ifeoma Chukwu',
  'Segun Adebayo',
  'Zainab Bello',
  'Obinna Eze',
  'Funke Akindele',
  'Musa Ibrahim',
  'Ngozi Okonkwo',
]
const SHOPS = ['Shoprite Lekki', 'Chicken Republic Yaba', 'Total Energies Ikoyi', 'Jumia Foods', 'Spar Victoria Island', 'Mr Biggs Ikeja']
const NETWORKS = ['MTN', 'GLO', 'AIRTEL', '9MOBILE']
// Names as the bank list has them (fixtures/banks.json): GTB, Access, First Bank, UBA, Zenith.
const OTHER_BANKS = ['000013', '000014', '000016', '000004', '000015'].map((code) => bankNameOf(code)!)

/** The mock's stored line: the wire fields plus the parties the details add. */
type MockLine = TransactionDetail & { postedAt: number }

let ledgers = new Map<string, MockLine[]>()
let unsettled = new Map<string, MockLine[]>()
/** References of mock transfers and bills made this session, by persona: they have receipts too. */
let issued = new Map<string, Set<string>>()

let issuedCount = 0
/** `7f3a9c21e0b44c1d9a2e5b6c7d8e9f01`: the shape of the BFF's references (a payment's id, 32
 * hex digits, the same from submission to receipt), unique per session. */
export function newMockReference(): string {
  issuedCount += 1
  const hex = ((Date.now() % 0xffffffff) * 4096 + issuedCount).toString(16)
  return `${hex.padStart(12, '0').slice(-12)}${'4c1d9a2e5b6c7d8e9f01'}`
}

/** The transfer and bill mocks call this so the receipt route knows the payment is the persona's. */
export function rememberMockReceipt(personaKey: string, referenceNumber: string): void {
  if (!issued.has(personaKey)) issued.set(personaKey, new Set())
  issued.get(personaKey)!.add(referenceNumber)
}
/** Statements the mock was asked for, newest last (tests look at them). */
export const requestedStatements: { persona: string; fileType: StatementFileType; body: StatementRequest }[] = []

onMockBankReset(() => {
  ledgers = new Map()
  unsettled = new Map()
  issued = new Map()
  requestedStatements.length = 0
})

/** mulberry32: a small seeded generator, so each account's story is the same every time. */
function randomFor(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
const wireDay = (d: Date) => `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`
const wireTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`
const HOUR = 3_600_000
const DAY = 24 * HOUR

function sessionIdAt(when: Date, random: () => number): string {
  const stamp = `${String(when.getFullYear()).slice(2)}${pad(when.getMonth() + 1)}${pad(when.getDate())}${pad(
    when.getHours(),
  )}${pad(when.getMinutes())}${pad(when.getSeconds())}`
  let tail = ''
  while (tail.length < 12) tail += Math.floor(random() * 10)
  return `${KOBO_CODE}${stamp}${tail}`
}

function line(
  accountNumber: string,
  ownerName: string,
  reference: string,
  when: Date,
  narration: string,
  amountKobo: number,
  status: string,
  balanceKobo: number | null,
  other: Other,
): MockLine {
  const credit = amountKobo > 0
  const me = { name: ownerName, number: accountNumber }
  const source = credit ? other : me
  const destination = credit ? me : other
  return {
    referenceNumber: reference,
    dateCreated: wireDay(when),
    timeCreated: wireTime(when),
    narration,
    transactionType: credit ? 'CREDIT' : 'DEBIT',
    amount: Math.abs(amountKobo) / 100,
    status,
    accountNumber,
    balanceAfter: balanceKobo === null ? null : balanceKobo / 100,
    sessionId: other.sessionId,
    sourceAccountName: source.name,
    sourceAccountNumber: source.number,
    destinationAccountName: destination.name,
    destinationAccountNumber: destination.number,
    counterpartyName: other.name,
    counterpartyBank: other.bank ?? null,
    description: other.description ?? null,
    token: other.token ?? null,
    units: other.units ?? null,
    postedAt: when.getTime(),
  }
}

/** The other side of a line, as the BFF now names it: a person, a biller or the bank, never a ledger code. */
interface Other {
  name: string | null
  number: string | null
  sessionId: string | null
  bank?: string | null
  description?: string | null
  token?: string | null
  units?: string | null
}

/** A bank for a name without spending the seeded random source (that would change every story). */
const bankFor = (name: string) => OTHER_BANKS[name.length % OTHER_BANKS.length]

const BILLS: { narration: string; other: Omit<Other, 'sessionId'> }[] = [
  { narration: 'DStv Compact, smart card 7023456781', other: { name: 'DStv', number: '7023456781' } },
  {
    narration: 'IKEDC prepaid, meter 45123456789',
    other: { name: 'IKEDC', number: '45123456789', token: '48213907561284903317', units: '41.50 kWh' },
  },
  { narration: 'GOtv Max, smart card 7034567812', other: { name: 'GOtv', number: '7034567812' } },
]

const tenDigits = (random: () => number) => String(Math.floor(1_000_000_000 + random() * 8_999_999_999))

/**
 * Works back in time from today's balance, so the newest line's running
 * balance is the account's balance and it never dips below zero; the oldest
 * line is the opening deposit.
 */
function generateLedger(accountNumber: string, ownerName: string, balanceKobo: number): MockLine[] {
  const story = HISTORY_OF.get(accountNumber)
  const random = randomFor(accountNumber)
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo))
  const now = Date.now()
  const start = now - (story?.historyMonths ?? (balanceKobo > 0 ? 3 : 0)) * 30 * DAY
  const employer = EMPLOYERS[Number(accountNumber.slice(-1)) % EMPLOYERS.length]
  const lines: MockLine[] = []
  let balance = balanceKobo
  let index = 0
  let when = now - between(1, 5) * HOUR
  const salaryPaid = new Set<string>()
  while (when > start) {
    index += 1
    const at = new Date(when)
    at.setSeconds(between(0, 60))
    const reference = `TXN-${accountNumber}-${10_000 - index}`
    let amount: number
    let narration: string
    let other: Other
    const roll = random()
    const month = `${at.getFullYear()}-${at.getMonth()}`
    if (at.getDate() >= 25 && !salaryPaid.has(month)) {
      salaryPaid.add(month)
      amount = between(150_000, 650_000) * 100
      narration = `From ${employer}`
      other = { name: employer, number: tenDigits(random), sessionId: sessionIdAt(at, random), bank: bankFor(employer), description: 'Salary' }
    } else if (roll < 0.22) {
      const who = pick(PEOPLE)
      amount = between(2_000, 80_000) * 100
      narration = `From ${who}`
      other = { name: who, number: tenDigits(random), sessionId: sessionIdAt(at, random), bank: bankFor(who) }
    } else if (roll < 0.25) {
      const who = pick(PEOPLE)
      amount = between(1_000, 20_000) * 100
      narration = `Reversal of transfer to ${who}`
      other = { name: who, number: tenDigits(random), sessionId: sessionIdAt(at, random), bank: bankFor(who) }
    } else if (roll < 0.28) {
      amount = -pick([1_075, 2_688, 5_375])
      narration = roll < 0.265 ? 'SMS alert charges' : 'Transfer fee + VAT'
      other = { name: 'Kobo', number: null, sessionId: null, bank: 'Kobo' }
    } else {
      amount = -(random() < 0.5 ? between(500, 5_000) : between(2_000, 45_000)) * 100 - (random() < 0.3 ? between(1, 99) : 0)
      const kind = pick(['airtime', 'pos', 'transfer', 'bill'] as const)
      if (kind === 'airtime') {
        const network = pick(NETWORKS)
        const phone = `080${between(10_000_000, 99_999_999)}`
        narration = `${network} airtime, ${phone}`
        other = { name: network, number: phone, sessionId: null }
      } else if (kind === 'pos') {
        const shop = pick(SHOPS)
        narration = `Card payment, ${shop}`
        other = { name: shop, number: null, sessionId: null }
      } else if (kind === 'bill') {
        const bill = pick(BILLS)
        narration = bill.narration
        other = { ...bill.other, sessionId: null }
      } else {
        const who = pick(PEOPLE)
        other = { name: who, number: tenDigits(random), sessionId: sessionIdAt(at, random), bank: 'Kobo' }
        if (random() < 0.4) other.bank = pick(OTHER_BANKS)
        narration = `Transfer to ${who}, ${other.bank}`
      }
    }
    // Going back in time, the balance before this line is the balance after it minus its amount.
    if (balance - amount >= 0) {
      lines.push(line(accountNumber, ownerName, reference, at, narration, amount, 'COMPLETED', balance, other))
      balance -= amount
    }
    when -= story?.busy ? between(1, 7) * HOUR + between(0, 60) * 60_000 : between(1, 4) * DAY + between(0, 12) * HOUR
  }
  if (balance > 0) {
    const opened = new Date(Math.min(when, start))
    lines.push(
      line(accountNumber, ownerName, `TXN-${accountNumber}-OPEN`, opened, 'Opening deposit', balance, 'COMPLETED', balance, {
        name: 'Cash deposit',
        number: null,
        sessionId: null,
      }),
    )
  }
  return lines
}

function ledgerOf(persona: Persona, accountNumber: string): MockLine[] {
  let lines = ledgers.get(accountNumber)
  if (!lines) {
    const account = bankOf(persona).accounts.find((a) => a.accountNumber === accountNumber)!
    lines = generateLedger(accountNumber, account.accountName, Math.round(account.availableBalance * 100))
    ledgers.set(accountNumber, lines)
  }
  return lines
}

/** Pending and failed transfers and vends of a persona (the dashboard's story tells the same). */
function unsettledOf(persona: Persona): MockLine[] {
  let lines = unsettled.get(persona.key)
  if (!lines) {
    const accounts = bankOf(persona).accounts.filter((a) => a.availableBalance > 0)
    lines = []
    if (accounts.length) {
      const source = accounts[0]
      const now = Date.now()
      const at = (days: number, hours: number, minutes: number) => {
        const d = new Date(now - days * DAY)
        d.setHours(hours, minutes, 0, 0)
        return d
      }
      const me = source.accountName
      lines.push(
        line(source.accountNumber, me, '7f3a9c21e0b44c1d9a2e5b6c7d8e9f01', at(2, 12, 40), 'Transfer to Kunle Adeyemi, Guaranty Trust Bank', -1_200_000, 'PENDING', null, {
          name: 'Kunle Adeyemi',
          number: '2030000017',
          sessionId: null,
          bank: bankNameOf('000013')!,
          description: 'Market supplies',
        }),
        line(source.accountNumber, me, '2b81d5e6f0934c1d9a2e5b6c7d8e9f01', at(3, 8, 5), 'MTN airtime, 08099990002', -150_000, 'FAILED', null, {
          name: 'MTN',
          number: '08099990002',
          sessionId: null,
        }),
        line(source.accountNumber, me, 'c04e1a77d5f24c1d9a2e5b6c7d8e9f01', at(9, 17, 22), 'Transfer to Adaeze Nwosu, Guaranty Trust Bank', -4_500_000, 'FAILED', null, {
          name: 'Adaeze Nwosu',
          number: '9000000021',
          sessionId: `${KOBO_CODE}250101120000000000000451`,
          bank: bankNameOf('000013')!,
        }),
      )
    }
    unsettled.set(persona.key, lines)
  }
  return lines
}

/** dd-mm-yyyy (or yyyy-mm-dd) → local midnight, undefined when absent, null when unreadable. */
function parseDay(text: string | null): Date | null | undefined {
  if (!text) return undefined
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim())
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : []
  if (!y) return null
  const date = new Date(Number(y), Number(m) - 1, Number(d))
  return date.getDate() === Number(d) && date.getMonth() === Number(m) - 1 ? date : null
}

const badRequest = (message: string, field?: string) =>
  field ? fieldErrors([{ field, message }]) : problem(400, message, 'Bad Request')

const strip = ({ postedAt: _postedAt, ...detail }: MockLine): TransactionDetail => detail
const summary = (l: MockLine): TransactionPage['content'][number] => {
  const detail = strip(l)
  return {
    referenceNumber: detail.referenceNumber,
    dateCreated: detail.dateCreated,
    timeCreated: detail.timeCreated,
    narration: detail.narration,
    transactionType: detail.transactionType,
    amount: detail.amount,
    status: detail.status,
    accountNumber: detail.accountNumber,
    balanceAfter: detail.balanceAfter,
    counterpartyName: detail.counterpartyName,
    counterpartyBank: detail.counterpartyBank,
    description: detail.description,
  }
}

/** A one-page PDF that any reader opens: "Kobo receipt <reference>" (offsets computed, so the xref is valid). */
export function receiptPdf(reference: string): Uint8Array {
  const text = `Kobo receipt ${reference}`.replace(/[()\\]/g, '')
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

/** A valid 1×1 PNG (Kobo green): enough for the share and download paths. */
const RECEIPT_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgzvMHAAFQAMmqFjo2AAAAAElFTkSuQmCC'

export function receiptPng(): Uint8Array {
  return Uint8Array.from(atob(RECEIPT_PNG_BASE64), (c) => c.charCodeAt(0))
}

function statementHandler(fileType: StatementFileType) {
  return async ({ request }: { request: Request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = ((await request.json().catch(() => ({}))) ?? {}) as StatementRequest
    const missing = (['nuban', 'startDate', 'endDate'] as const).filter((f) => !body[f])
    if (missing.length) {
      return fieldErrors(missing.map((field) => ({ field, message: REQUIRED })))
    }
    const start = parseDay(body.startDate ?? null)
    const end = parseDay(body.endDate ?? null)
    if (!start) return badRequest(BAD_DATE, 'startDate')
    if (!end) return badRequest(BAD_DATE, 'endDate')
    if (end < start) return badRequest(END_BEFORE_START, 'endDate')
    if (Math.round((end.getTime() - start.getTime()) / DAY) > 366) return badRequest(OVER_ONE_YEAR, 'endDate')
    const today = new Date()
    today.setHours(0, 0, 0, 0)
    if (start > today) return badRequest(START_IN_FUTURE, 'startDate')
    if (!bankOf(persona).accounts.some((a) => a.accountNumber === body.nuban)) return problem(404, 'Account not found', 'Not Found')
    requestedStatements.push({ persona: persona.key, fileType, body })
    return HttpResponse.json<MessageResponse>({ message: STATEMENT_REQUESTED })
  }
}

export const historyHandlers = [
  http.get(TRANSACTIONS_PATH, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const params = new URL(request.url).searchParams
    const own = bankOf(persona).accounts
    const accountNumber = params.get('accountNumber')
    if (accountNumber && !own.some((a) => a.accountNumber === accountNumber)) {
      return problem(404, 'Account not found', 'Not Found')
    }
    const start = parseDay(params.get('startDate'))
    const end = parseDay(params.get('endDate'))
    if (start === null) return badRequest(BAD_DATE, 'startDate')
    if (end === null) return badRequest(BAD_DATE, 'endDate')
    if (start && end && end < start) return badRequest(END_BEFORE_START, 'endDate')
    const type = params.get('transactionType')
    const status = params.get('status')
    const needle = (params.get('search') ?? '').trim().toLowerCase()
    const page = Math.max(0, Number(params.get('page') ?? 0) || 0)
    const size = Math.min(100, Math.max(1, Number(params.get('size') ?? 10) || 10))
    const accounts = own.filter((a) => !accountNumber || a.accountNumber === accountNumber)
    const lines = [
      ...accounts.flatMap((a) => ledgerOf(persona, a.accountNumber)),
      ...unsettledOf(persona).filter((l) => accounts.some((a) => a.accountNumber === l.accountNumber)),
    ]
    const from = start?.getTime() ?? -Infinity
    const until = end ? end.getTime() + DAY : Infinity
    const selected = lines
      .filter(
        (l) =>
          l.postedAt >= from &&
          l.postedAt < until &&
          (!type || l.transactionType === type) &&
          (!status || l.status === status) &&
          (!needle ||
            l.narration.toLowerCase().includes(needle) ||
            (l.counterpartyName ?? '').toLowerCase().includes(needle) ||
            l.referenceNumber.toLowerCase().includes(needle)),
      )
      .sort((a, b) => b.postedAt - a.postedAt)
    return HttpResponse.json<TransactionPage>({
      content: selected.slice(page * size, page * size + size).map(summary),
      totalElements: selected.length,
      page,
      size,
    })
  }),

  http.get(`${TRANSACTIONS_PATH}/:referenceNumber`, ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const reference = String(params.referenceNumber)
    const found = [
      ...bankOf(persona).accounts.flatMap((a) => ledgerOf(persona, a.accountNumber)),
      ...unsettledOf(persona),
    ].find((l) => l.referenceNumber === reference)
    return found ? HttpResponse.json<TransactionDetail>(strip(found)) : problem(404, 'Transaction not found', 'Not Found')
  }),

  // Before /:referenceNumber would matter: that pattern never spans a slash, but keep receipts together.
  http.get(`${TRANSACTIONS_PATH}/:referenceNumber/receipt`, ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const reference = String(params.referenceNumber)
    const owned =
      issued.get(persona.key)?.has(reference) ||
      [...bankOf(persona).accounts.flatMap((a) => ledgerOf(persona, a.accountNumber)), ...unsettledOf(persona)].some(
        (l) => l.referenceNumber === reference,
      )
    // 404 for anyone but the owner, as the BFF: no hint that the reference exists.
    if (!owned) return problem(404, 'Transaction not found', 'Not Found')
    const png = new URL(request.url).searchParams.get('format') === 'png'
    return new HttpResponse(png ? receiptPng() : receiptPdf(reference), {
      headers: {
        'Content-Type': png ? 'image/png' : 'application/pdf',
        'Content-Disposition': `attachment; filename="kobo-receipt-${reference}.${png ? 'png' : 'pdf'}"`,
      },
    })
  }),

  http.post(`${TRANSACTIONS_PATH}/download`, statementHandler('PDF')),
  http.post(`${TRANSACTIONS_PATH}/download/excel`, statementHandler('EXCEL')),
]

