/**
 * Mock routes for /api/savings (docs/contract.md §17): each persona's pockets kept here,
 * money moved to and from the mock accounts with the contract's narrations; Ada starts with
 * a flexible pocket, a locked one and a goal so the page shows each kind. The break waits for
 * the code 123456.
 */
import { http, HttpResponse } from 'msw'
import type { components } from '../../api/schema'
import { personas, type Persona } from '../../mocks/personas'
import { awaitCode, codeSent, confirmCode, notFound, problem, required, signedIn } from '../../mocks/session'
import { customerOf, keepSavingsTotal, onReset, post, wireDate, daysFromNow, type Customer } from '../../mocks/state'

type Pocket = components['schemas']['PocketOut']

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
onReset(() => {
  pocketsOf = new Map()
  nextPocket = 1
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

function pockets(persona: Persona, c: Customer): Pocket[] {
  let found = pocketsOf.get(persona.key)
  if (!found) {
    const source = c.accounts[0]?.accountNumber ?? ''
    found =
      persona.key === 'ada' && source
        ? [
            pocketOf('FLEXIBLE', 'Rainy day', source, 250_000, { openedOn: day(-40), interestThisMonth: 513.7, interestToDate: 2_617.81, interestPaid: 2_104.11, taxWithheld: 210.41 }),
            pocketOf('LOCKED', 'Rent', source, 1_000_000, { rate: 16, termDays: 90, openedOn: day(-20), maturesOn: day(70), interestThisMonth: 8_767.12, interestToDate: 8_767.12 }),
            pocketOf('GOAL', 'New phone', source, 180_000, {
              openedOn: day(-30),
              targetAmount: 450_000,
              targetDate: day(150),
              progressPercent: 40,
              interestThisMonth: 986.3,
              interestToDate: 1_430.14,
              autoSave: { kind: 'WEEKLY', description: `₦20,000.00 every week from ${source}`, amount: 20_000, percent: null, sourceAccountNumber: source, nextSave: day(3), lastRun: null },
            }),
          ]
        : []
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
  post(account, -amount, narration)
  pocket.balance = Math.round((pocket.balance + amount) * 100) / 100
  if (pocket.targetAmount) pocket.progressPercent = Math.min(100, Math.floor((pocket.balance * 100) / pocket.targetAmount))
  return null
}

function overCeiling(c: Customer, list: Pocket[], amount: number): Response | null {
  const ceiling = CEILINGS[Math.max(0, Math.min(c.kycLevel, 3))]
  if (ceiling === null || total(list) + amount <= ceiling) return null
  const fmt = (n: number) => `₦${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  return problem(400, `Your KYC level lets you hold up to ${fmt(ceiling)} in savings; you can add ${fmt(Math.max(0, ceiling - total(list)))} more. Upgrade your KYC level to save more.`, 'Bad Request')
}

const findPocket = (persona: Persona, c: Customer, id: unknown) => pockets(persona, c).find((p) => p.id === Number(id))

export const savingsHandlers = [
  http.get('/api/savings', signedIn(({ persona, c }) => {
    const list = pockets(persona, c)
    const ceiling = CEILINGS[Math.max(0, Math.min(c.kycLevel, 3))]
    return HttpResponse.json({ totalSavings: total(list), pockets: list, products: PRODUCTS, holdingLimit: ceiling, withholdingTaxPercent: 10 })
  })),

  http.post('/api/savings/pockets', signedIn(({ persona, c, body }) => {
    const missing = ['name', 'sourceAccountNumber'].filter((f) => !body[f])
    if (missing.length) return required(...missing)
    const product = String(body.product ?? 'FLEXIBLE') as Pocket['product']
    const amount = Number(body.amount ?? 0)
    if (product === 'LOCKED' && !amount) return required('amount')
    const list = pockets(persona, c)
    const refused = overCeiling(c, list, amount)
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
    return HttpResponse.json(pocket, { status: 201 })
  })),

  ...(['top-up', 'withdraw'] as const).map((direction) =>
    http.post(`/api/savings/pockets/:id/${direction}`, signedIn(({ persona, c, params, body }) => {
      const pocket = findPocket(persona, c, params.id)
      if (!pocket) return notFound('Savings pocket')
      if (pocket.product === 'LOCKED') return problem(400, `A locked pocket cannot be ${direction === 'top-up' ? 'topped up' : 'withdrawn from'} before it matures; it can be broken`, 'Bad Request')
      const amount = Number(body.amount ?? 0)
      if (!(amount > 0)) return required('amount')
      if (direction === 'top-up') {
        const refused = overCeiling(c, pockets(persona, c), amount)
        if (refused) return refused
      }
      const failed = move(c, pocket, direction === 'top-up' ? amount : -amount, `${direction === 'top-up' ? 'Savings top-up' : 'Savings withdrawal'}: ${pocket.name}`)
      return failed ?? HttpResponse.json(pocket)
    })),
  ),

  http.post('/api/savings/pockets/:id/break', signedIn(({ persona, c, params, body }) => {
    const pocket = findPocket(persona, c, params.id)
    if (!pocket) return notFound('Savings pocket')
    if (pocket.product !== 'LOCKED' || pocket.status !== 'ACTIVE') return problem(409, 'Only a locked pocket is broken; withdraw from this one', 'Conflict')
    const key = `break-${pocket.id}`
    const forfeit = pocket.interestToDate
    if (!body.otp && !body.passkey) {
      awaitCode(c, key, () => {
        const balance = pocket.balance
        move(c, pocket, -balance, `Locked savings broken early: ${pocket.name}`)
        Object.assign(pocket, { status: 'BROKEN', statusText: 'Broken early', forfeitedInterest: forfeit, interestThisMonth: 0, interestToDate: 0 })
        const fmt = (n: number) => `₦${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
        return HttpResponse.json({ message: `${fmt(balance)} is back in account ${pocket.sourceAccountNumber}. Interest given up: ${fmt(forfeit)}.`, pocket })
      })
      const fmt = (n: number) => `₦${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
      return HttpResponse.json(
        {
          ...codeSent(c),
          warning: `Breaking ${pocket.name} now gives up ${fmt(forfeit)} of interest earned so far. ${fmt(pocket.balance)} goes back to account ${pocket.sourceAccountNumber}. It matures on ${pocket.maturesOn}.`,
          forfeit,
          balance: pocket.balance,
          passkeyApproval: false,
        },
        { status: 202 },
      )
    }
    return confirmCode(c, key, body.otp, () => problem(400, 'Invalid or expired OTP', 'Bad Request'))
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
        description: kind === 'PERCENT_OF_CREDITS' ? `${body.percent} % of every credit to ${source}` : `₦${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })} ${every} from ${source}`,
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
