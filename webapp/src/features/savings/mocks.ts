/**
 * Mock routes for /api/savings (docs/contract.md §17): each persona's pockets kept here,
 * money moved to and from the mock accounts with the contract's narrations, and each pocket's
 * own movements (§12's lines, newest first); Ada starts with a flexible pocket, a locked one
 * and a goal, with a few months of top-ups, interest, tax and withdrawals, so the page shows
 * each kind. The break waits for the code 123456 or a registered passkey. A `reference` moves
 * money once (a retry answers the pocket as it is). The catalogue's `savings.move.*`
 * scenarios decide a top-up, withdrawal, opening or break: a decline moves nothing and says
 * why, a timeout or an unavailable core is a 503 with nothing moved, a malformed answer moves
 * once.
 */
import { http, HttpResponse } from 'msw'
import type { components } from '../../api/schema'
import { forcedScenario } from '../../mocks/forcing/forced'
import { personas, type Persona } from '../../mocks/personas'
import { PASSKEY_REFUSED, approvalOptions, passkeyApproved, passkeysOf } from '../../mocks/passkeys'
import { INVALID_OTP, awaitCode, codeSent, confirmCode, fieldErrors, notFound, problem, required, signedIn } from '../../mocks/session'
import { customerOf, keepSavingsTotal, onReset, post, wireDate, daysFromNow, type Customer } from '../../mocks/state'

type Pocket = components['schemas']['PocketOut']
type Movement = components['schemas']['TransactionOut']

/** The simulator operation of the savings scenarios (fixtures/scenarios.json). */
export const SAVINGS_OPERATION = 'savings.move'
// As the BFF words them (bff/savings/service.py, docs/contract.md §17.2).
export const SAVINGS_DECLINED = 'We could not move this money because of a system error. Nothing was moved; try again later'
export const SAVINGS_UNAVAILABLE = 'Savings are not available right now, try again shortly'
const CODE_OR_PASSKEY = 'Approve with either a code or a passkey, not both.'

const PRODUCTS: components['schemas']['ProductOut'][] = [
  { product: 'FLEXIBLE', name: 'Flexible savings', rate: 10, description: 'Save and withdraw any time. Interest is added every day and paid monthly. 10 % a year.' },
  {
    product: 'LOCKED',
    name: 'Locked savings',
    rate: 14,
    description: 'Lock money away for 30 to 365 days at a higher rate, fixed when you open it. Breaking it early gives up the interest. 14 % to 18 % a year, by term.',
  },
  { product: 'GOAL', name: 'Goal savings', rate: 10, description: 'Save towards a target by a date, by hand or automatically. 10 % a year.' },
]
const NAMES = { FLEXIBLE: 'Flexible savings', LOCKED: 'Locked savings', GOAL: 'Goal savings' } as const
const CEILINGS: Record<number, number | null> = { 0: 300_000, 1: 300_000, 2: 500_000, 3: null }

let pocketsOf = new Map<string, Pocket[]>()
let nextPocket = 1
/** Each pocket's lines, newest first. */
let movementsOf = new Map<number, Movement[]>()
/** The references that moved money (persona:reference), and the pocket they moved. */
let moved = new Map<string, number>()
onReset(() => {
  pocketsOf = new Map()
  nextPocket = 1
  movementsOf = new Map()
  moved = new Map()
})

const day = (offset: number) => wireDate(daysFromNow(offset), false)
const lockedRate = (days: number) => (days >= 180 ? 18 : days >= 90 ? 16 : 14)

function pocketOf(product: Pocket['product'], name: string, source: string, balance: number, extra: Partial<Pocket> = {}): Pocket {
  return {
    id: nextPocket++,
    name,
    product,
    productName: NAMES[product as keyof typeof NAMES],
    status: 'ACTIVE',
    statusText: 'Active',
    rate: product === 'LOCKED' ? 14 : 10,
    balance,
    interestThisMonth: 0,
    interestToDate: 0,
    interestPaid: 0,
    taxWithheld: 0,
    sourceAccountNumber: source,
    openedOn: day(0),
    termDays: null,
    maturesOn: null,
    targetAmount: null,
    targetDate: null,
    progressPercent: null,
    forfeitedInterest: 0,
    autoSave: null,
    ...extra,
  }
}

/** One seeded line of a pocket (`amount` signed as the pocket sees it). */
interface Seed {
  at: Date
  narration: string
  amount: number
}

const at = (d: Date, hours: number, minutes: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), hours, minutes)
/** Day `day` of the month `back` months before this one; the day after the last is `monthEnd`. */
const inMonth = (back: number, day: number, hours: number, minutes: number) => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth() - back, day, hours, minutes)
}
const monthEnd = (back: number) => inMonth(back - 1, 0, 23, 30)

/** Lines from the oldest, with the pocket's balance after each; kept newest first. */
function seedMovements(pocket: Pocket, seeds: Seed[]) {
  let balance = 0
  const lines = seeds.map((seed, index): Movement => {
    balance = Math.round((balance + seed.amount) * 100) / 100
    return {
      referenceNumber: `FT${String(26_000_000 + pocket.id * 1000 + index).padStart(10, '0')}`,
      dateCreated: wireDate(seed.at, false),
      timeCreated: wireDate(seed.at).slice(11, 16),
      narration: seed.narration,
      transactionType: seed.amount > 0 ? 'CREDIT' : 'DEBIT',
      amount: Math.abs(seed.amount),
      status: 'COMPLETED',
      accountNumber: pocket.sourceAccountNumber,
      balanceAfter: balance,
      counterpartyName: null,
      counterpartyBank: null,
      description: null,
    }
  })
  movementsOf.set(pocket.id, lines.reverse())
}

/** Interest paid at a month's end, and its 10 % withholding tax. */
const interest = (product: string, when: Date, amount: number): Seed[] => [
  { at: when, narration: `Interest on ${product} savings`, amount },
  { at: when, narration: 'Withholding tax on interest', amount: -Math.round(amount * 10) / 100 },
]

function adaPockets(source: string): Pocket[] {
  const rainyOpened = inMonth(3, 12, 10, 5)
  const rainy = pocketOf('FLEXIBLE', 'Rainy day', source, 250_000, {
    openedOn: wireDate(rainyOpened, false),
    interestThisMonth: 513.7,
    interestToDate: 4_906.02,
    interestPaid: 4_392.32,
    taxWithheld: 439.23,
  })
  seedMovements(rainy, [
    { at: rainyOpened, narration: 'Savings top-up: Rainy day', amount: 150_000 },
    ...interest('Flexible', monthEnd(3), 780.82),
    { at: inMonth(2, 10, 14, 20), narration: 'Savings top-up: Rainy day', amount: 80_000 },
    ...interest('Flexible', monthEnd(2), 1_693.1),
    { at: inMonth(1, 3, 8, 47), narration: 'Savings withdrawal: Rainy day', amount: -30_000 },
    { at: inMonth(1, 20, 19, 2), narration: 'Savings top-up: Rainy day', amount: 60_000 },
    { at: inMonth(1, 26, 12, 15), narration: 'Savings withdrawal: Rainy day', amount: -13_953.09 },
    ...interest('Flexible', monthEnd(1), 1_918.4),
  ])
  const rent = pocketOf('LOCKED', 'Rent', source, 1_000_000, { rate: 16, termDays: 90, openedOn: day(-20), maturesOn: day(70), interestThisMonth: 8_767.12, interestToDate: 8_767.12 })
  seedMovements(rent, [{ at: at(daysFromNow(-20), 9, 30), narration: 'Savings top-up: Rent', amount: 1_000_000 }])
  const phone = pocketOf('GOAL', 'New phone', source, 180_000, {
    openedOn: day(-30),
    targetAmount: 450_000,
    targetDate: day(150),
    progressPercent: 40,
    interestThisMonth: 986.3,
    interestToDate: 1_430.14,
    autoSave: { kind: 'WEEKLY', description: `₦20,000.00 every week from ${source}`, amount: 20_000, percent: null, sourceAccountNumber: source, nextSave: day(3), lastRun: null },
  })
  seedMovements(phone, [
    { at: at(daysFromNow(-30), 10, 40), narration: 'Savings top-up: New phone', amount: 100_000 },
    ...[-25, -18, -11, -4].map((offset) => ({ at: at(daysFromNow(offset), 6, 0), narration: 'Automatic saving: New phone', amount: 20_000 })),
  ])
  return [rainy, rent, phone]
}

function pockets(persona: Persona, c: Customer): Pocket[] {
  let found = pocketsOf.get(persona.key)
  if (!found) {
    const source = c.accounts[0]?.accountNumber ?? ''
    found = persona.key === 'ada' && source ? adaPockets(source) : []
    pocketsOf.set(persona.key, found)
  }
  return found
}

const total = (list: Pocket[]) => list.filter((p) => p.status === 'ACTIVE').reduce((sum, p) => sum + p.balance, 0)
// The dashboard's mock shows the same total (GET /api/client-summary's totalSavings).
keepSavingsTotal((key) => {
  const persona = personas.find((p) => p.key === key)
  return persona ? total(pockets(persona, customerOf(persona))) : 0
})

function move(c: Customer, pocket: Pocket, amount: number, narration: string): Response | null {
  const account = c.accounts.find((a) => a.accountNumber === pocket.sourceAccountNumber)
  if (!account) return notFound('Account')
  if (amount > 0 && account.availableBalance < amount) return problem(400, 'Not enough money in the account for this', 'Bad Request')
  if (amount < 0 && pocket.balance < -amount) return problem(400, 'Not enough money in the account for this', 'Bad Request')
  const line = post(account, -amount, narration)
  pocket.balance = Math.round((pocket.balance + amount) * 100) / 100
  if (pocket.targetAmount) pocket.progressPercent = Math.min(100, Math.floor((pocket.balance * 100) / pocket.targetAmount))
  // The pocket's own line: the account's reference, the money as the pocket sees it.
  const lines = movementsOf.get(pocket.id) ?? []
  lines.unshift({
    referenceNumber: line.referenceNumber,
    dateCreated: line.dateCreated,
    timeCreated: line.timeCreated,
    narration,
    transactionType: amount > 0 ? 'CREDIT' : 'DEBIT',
    amount: Math.abs(amount),
    status: 'COMPLETED',
    accountNumber: pocket.sourceAccountNumber,
    balanceAfter: pocket.balance,
    counterpartyName: null,
    counterpartyBank: null,
    description: null,
  })
  movementsOf.set(pocket.id, lines)
  return null
}

/**
 * A forced `savings.move` scenario's refusal, or null when the move goes on: a decline moves
 * nothing and says why (a 400 on the amount for a move or an opening, as the BFF words a core
 * refusal; a 409 for a break), a timeout or an unavailable core is a 503 and moves nothing; a
 * malformed answer (the BFF finds the move done) and a delay move it once.
 */
function forcedRefusal(request: Request, onAmount: boolean): Response | null {
  const scenario = forcedScenario(request, SAVINGS_OPERATION)
  if (!scenario) return null
  if (scenario.rule.effect === 'decline') return onAmount ? fieldErrors([{ field: 'amount', message: SAVINGS_DECLINED }]) : problem(409, SAVINGS_DECLINED, 'Conflict')
  if (scenario.rule.effect === 'timeout' || scenario.rule.effect === 'unavailable') return problem(503, SAVINGS_UNAVAILABLE, 'Service Unavailable')
  return null
}

/** The pocket a `reference` already moved money for (a retry moves nothing more). */
const replayed = (persona: Persona, reference: unknown) => (reference ? moved.get(`${persona.key}:${String(reference)}`) : undefined)
const remember = (persona: Persona, reference: unknown, pocket: Pocket) => {
  if (reference) moved.set(`${persona.key}:${String(reference)}`, pocket.id)
}

const naira = (n: number) => `₦${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`

/** Breaks a locked pocket: its balance back to its account, its interest given up. */
function breakNow(c: Customer, pocket: Pocket): Response {
  const balance = pocket.balance
  const forfeit = pocket.interestToDate
  move(c, pocket, -balance, `Locked savings broken early: ${pocket.name}`)
  Object.assign(pocket, { status: 'BROKEN', statusText: 'Broken early', forfeitedInterest: forfeit, interestThisMonth: 0, interestToDate: 0 })
  return HttpResponse.json({ message: `${naira(balance)} is back in account ${pocket.sourceAccountNumber}. Interest given up: ${naira(forfeit)}.`, pocket })
}

/** What a right code answers while it waits (the break itself follows). */
const CODE_RIGHT = 204

function overCeiling(c: Customer, list: Pocket[], amount: number): Response | null {
  const ceiling = CEILINGS[Math.max(0, Math.min(c.kycLevel, 3))]
  if (ceiling === null || total(list) + amount <= ceiling) return null
  return problem(400, `Your KYC level lets you hold up to ${naira(ceiling)} in savings; you can add ${naira(Math.max(0, ceiling - total(list)))} more. Upgrade your KYC level to save more.`, 'Bad Request')
}

const findPocket = (persona: Persona, c: Customer, id: unknown) => pockets(persona, c).find((p) => p.id === Number(id))

export const savingsHandlers = [
  http.get('/api/savings', signedIn(({ persona, c }) => {
    const list = pockets(persona, c)
    const ceiling = CEILINGS[Math.max(0, Math.min(c.kycLevel, 3))]
    return HttpResponse.json({ totalSavings: total(list), pockets: list, products: PRODUCTS, holdingLimit: ceiling, withholdingTaxPercent: 10 })
  })),

  http.get('/api/savings/pockets/:id/transactions', signedIn(({ persona, c, params, request }) => {
    const pocket = findPocket(persona, c, params.id)
    if (!pocket) return notFound('Savings pocket')
    const query = new URL(request.url).searchParams
    const page = Math.max(0, Math.floor(Number(query.get('page') ?? 0)) || 0)
    const size = Math.min(100, Math.max(1, Math.floor(Number(query.get('size') ?? 10)) || 10))
    const lines = movementsOf.get(pocket.id) ?? []
    return HttpResponse.json({ content: lines.slice(page * size, page * size + size), totalElements: lines.length, page, size })
  })),

  http.post('/api/savings/pockets', signedIn(({ persona, c, body, request }) => {
    const missing = ['name', 'sourceAccountNumber'].filter((f) => !body[f])
    if (missing.length) return required(...missing)
    const list = pockets(persona, c)
    const again = list.find((p) => p.id === replayed(persona, body.reference))
    if (again) return HttpResponse.json(again, { status: 201 })
    const product = String(body.product ?? 'FLEXIBLE') as Pocket['product']
    const amount = Number(body.amount ?? 0)
    if (product === 'LOCKED' && !amount) return required('amount')
    const refused = overCeiling(c, list, amount) ?? forcedRefusal(request, true)
    if (refused) return refused
    const days = Number(body.termDays ?? 0)
    const pocket = pocketOf(product, String(body.name), String(body.sourceAccountNumber), 0, {
      ...(product === 'LOCKED' ? { termDays: days, rate: lockedRate(days), maturesOn: day(days) } : {}),
      ...(product === 'GOAL' ? { targetAmount: Number(body.targetAmount), targetDate: String(body.targetDate ?? ''), progressPercent: 0 } : {}),
    })
    if (amount) {
      const failed = move(c, pocket, amount, `Savings top-up: ${pocket.name}`)
      if (failed) return failed
    }
    list.push(pocket)
    remember(persona, body.reference, pocket)
    return HttpResponse.json(pocket, { status: 201 })
  })),

  ...(['top-up', 'withdraw'] as const).map((direction) =>
    http.post(`/api/savings/pockets/:id/${direction}`, signedIn(({ persona, c, params, body, request }) => {
      const pocket = findPocket(persona, c, params.id)
      if (!pocket) return notFound('Savings pocket')
      if (replayed(persona, body.reference) === pocket.id) return HttpResponse.json(pocket)
      if (pocket.product === 'LOCKED') return problem(400, `A locked pocket cannot be ${direction === 'top-up' ? 'topped up' : 'withdrawn from'} before it matures; it can be broken`, 'Bad Request')
      const amount = Number(body.amount ?? 0)
      if (!(amount > 0)) return required('amount')
      if (direction === 'top-up') {
        const refused = overCeiling(c, pockets(persona, c), amount)
        if (refused) return refused
      }
      const forced = forcedRefusal(request, true)
      if (forced) return forced
      const failed = move(c, pocket, direction === 'top-up' ? amount : -amount, `${direction === 'top-up' ? 'Savings top-up' : 'Savings withdrawal'}: ${pocket.name}`)
      if (failed) return failed
      remember(persona, body.reference, pocket)
      return HttpResponse.json(pocket)
    })),
  ),

  http.post('/api/savings/pockets/:id/break', signedIn(({ persona, c, params, body, request }) => {
    const pocket = findPocket(persona, c, params.id)
    if (!pocket) return notFound('Savings pocket')
    if (pocket.product !== 'LOCKED' || pocket.status !== 'ACTIVE') return problem(409, 'Only a locked pocket is broken; withdraw from this one', 'Conflict')
    const key = `break-${pocket.id}`
    if (!body.otp && !body.passkey) {
      awaitCode(c, key, () => new Response(null, { status: CODE_RIGHT }))
      return HttpResponse.json(
        {
          ...codeSent(c),
          warning: `Breaking ${pocket.name} now gives up ${naira(pocket.interestToDate)} of interest earned so far. ${naira(pocket.balance)} goes back to account ${pocket.sourceAccountNumber}. It matures on ${pocket.maturesOn}.`,
          forfeit: pocket.interestToDate,
          balance: pocket.balance,
          passkeyApproval: passkeysOf(persona.key).length > 0,
        },
        { status: 202 },
      )
    }
    if (body.otp && body.passkey) return problem(400, CODE_OR_PASSKEY, 'Bad Request')
    if (body.passkey) {
      // A passkey's approval of this break: the mock trusts the browser (the BFF checks the signature).
      if (!passkeyApproved(body)) return problem(400, PASSKEY_REFUSED, 'Bad Request')
      c.awaiting.delete(key)
    } else {
      // The code is used up even when the core then refuses, as on the BFF.
      const checked = confirmCode(c, key, body.otp, () => problem(400, INVALID_OTP, 'Bad Request'))
      if (checked.status !== CODE_RIGHT) return checked
    }
    return forcedRefusal(request, false) ?? breakNow(c, pocket)
  })),

  http.post('/api/savings/pockets/:id/break/passkey-options', signedIn(({ persona, c, params }) => {
    const pocket = findPocket(persona, c, params.id)
    if (!pocket) return notFound('Savings pocket')
    return approvalOptions(persona.key)
  })),

  http.put('/api/savings/pockets/:id/auto-save', signedIn(({ persona, c, params, body }) => {
    const pocket = findPocket(persona, c, params.id)
    if (!pocket) return notFound('Savings pocket')
    if (pocket.product !== 'GOAL') return problem(400, 'Only an open goal saves automatically', 'Bad Request')
    const kind = String(body.kind ?? 'NONE')
    if (kind === 'NONE') pocket.autoSave = null
    else {
      const source = String(body.sourceAccountNumber ?? pocket.sourceAccountNumber)
      const every = { DAILY: 'every day', WEEKLY: 'every week', MONTHLY: 'every month' }[kind]
      const amount = Number(body.amount ?? 0)
      pocket.autoSave = {
        kind,
        description: kind === 'PERCENT_OF_CREDITS' ? `${body.percent} % of every credit to ${source}` : `${naira(amount)} ${every} from ${source}`,
        amount: kind === 'PERCENT_OF_CREDITS' ? null : amount,
        percent: kind === 'PERCENT_OF_CREDITS' ? Number(body.percent) : null,
        sourceAccountNumber: source,
        nextSave: kind === 'PERCENT_OF_CREDITS' ? null : day(0),
        lastRun: null,
      }
    }
    return HttpResponse.json(pocket)
  })),
]

/** The pockets a persona has in the mocks (tests read them). */
export const mockPockets = (personaKey: string) => pockets(personas.find((p) => p.key === personaKey)!, customerOf(personas.find((p) => p.key === personaKey)!))
