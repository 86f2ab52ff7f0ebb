/**
 * Mock routes for /api/disputes and the account freeze (docs/contract.md §14.4a, §15.6–15.8):
 * a report on one of the persona's own lines becomes a ticket with a tracking number and an
 * answer-by time; "I was debited but it failed" on a failed line is answered at once; a
 * second open report on one payment is 409. Kept per persona until the state is reset (not
 * across a dev:mock reload). While frozen, transfers and bill payments are refused (409) before
 * their own routes run.
 *
 * The catalogue's mock-only states (forcing/catalogue.ts) show what the back office's
 * decisions look like: `disputes.state.<status>` answers every dispute in that status (a
 * customer with none is given one on their latest payment out), `account.freeze.frozen`
 * answers as a frozen account does. Nothing is stored: clear it and the mocks are as before.
 */
import { http, HttpResponse } from 'msw'
import { fieldErrors, personaFromRequest, problem, signedIn } from './session'
import { customerOf, nextId, onReset, wireDate, type Customer, type S } from './state'
import { MOCK_OTP } from './state'
import { formatNaira } from '../lib/format'
import { forcedScenario } from './forcing/forced'
import { SELFIE_REQUIRED, requireSelfie, selfieRequired } from './liveness'
import { billNarration, requeryBill } from '../features/bills/mocks'

const REASONS: Record<string, string> = {
  NOT_RECEIVED: 'The recipient has not received it',
  DEBITED_BUT_FAILED: 'I was debited but it failed',
  WRONG_AMOUNT: 'Wrong amount',
  NOT_MINE: 'I did not make this payment',
  OTHER: 'Something else',
}
const HOURS: Record<string, number> = { NOT_RECEIVED: 72, DEBITED_BUT_FAILED: 24, WRONG_AMOUNT: 72, NOT_MINE: 72, OTHER: 72 }
const LABELS: Record<string, string> = { RECEIVED: 'Received', IN_REVIEW: 'In review', REFUNDED: 'Refunded', ANSWERED: 'Answered', REJECTED: 'Rejected' }
const FROZEN_NOW =
  'Your account is frozen. No money can leave it, and everywhere else you were signed in has been signed out. Money sent to you still arrives.'

const disputes = new Map<Customer, S['DisputeOut'][]>()
const frozen = new Map<Customer, string>()
onReset(() => {
  disputes.clear()
  frozen.clear()
})

const lagosIso = (ms: number) => `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`
const wat = (wire: string) => `${wire.slice(0, 16)} WAT`
const tracking = () => `KOBO-DSP-${wireDate(new Date(), false).split('-').reverse().join('').slice(2)}-${String(nextId()).padStart(6, '7').slice(-6).replace(/[01]/g, 'K')}`
const listOf = (c: Customer) => disputes.get(c) ?? disputes.set(c, []).get(c)!

type Bill = Customer['bills'][number]

/** A payment of the customer's that a report is about: a history line, or a bill Kobo made. */
interface Paid {
  reference: string
  amount: number
  summary: string
  /** COMPLETED, FAILED or PENDING. */
  status: string
  /** dd-mm-yyyy hh:mm (Lagos) */
  at: string
  payee: string
  accountNumber: string
  bill?: Bill
}

function paidOf(c: Customer, reference: string): Paid | null {
  const line = c.transactions.find((t) => t.referenceNumber === reference)
  const bill = c.bills.find((b) => b.reference === reference)
  if (bill) {
    const status = bill.vendingStatus === 'SUCCESS' ? 'COMPLETED' : bill.vendingStatus
    const payee = billNarration(bill)
    return { reference, amount: bill.amount, summary: `${formatNaira(bill.amount)} for ${payee}`, status, at: bill.dateCreated.slice(0, 16), payee, accountNumber: bill.sourceAccount, bill }
  }
  if (!line) return null
  const amount = Math.abs(line.amount)
  const payee = line.counterpartyName ?? line.narration
  const summary = `${formatNaira(amount)} ${line.transactionType === 'DEBIT' ? 'to' : 'from'} ${payee}`
  return { reference, amount, summary, status: line.status, at: `${line.dateCreated} ${line.timeCreated}`, payee, accountNumber: line.accountNumber }
}

/**
 * "I was debited but it failed", answered from the payment when it can be (bff/disputes/
 * payments.py): a Pending bill is asked about first; null leaves it for a person.
 */
function instantAnswer(request: Request, paid: Paid): string | null {
  if (paid.bill?.vendingStatus === 'PENDING') {
    const after = requeryBill(request, paid.bill)
    if (after.vendingStatus === 'PENDING') return null
    paid = { ...paid, status: after.vendingStatus === 'SUCCESS' ? 'COMPLETED' : after.vendingStatus, at: wireDate().slice(0, 16) }
  }
  if (paid.status === 'FAILED') return failedAnswer(paid)
  if (paid.status === 'COMPLETED' && paid.bill) return completedAnswer(paid)
  return null
}

/** Records a report on one of the persona's payments, answered at once when it can say. */
function report(c: Customer, paid: Paid, reason: string, text: string, answer: string | null = null): S['DisputeOut'] {
  const due = Date.now() + HOURS[reason] * 3_600_000
  const created = wireDate()
  const note = text.trim() || REASONS[reason]
  const ticketId = c.tickets.length + 1
  const messages: S['TicketMessageOut'][] = [{ id: nextId(), sender: 'CLIENT', text: note, createdAt: created, attachments: [] }]
  if (answer) messages.push({ id: nextId(), sender: 'AGENT', text: answer, createdAt: created, attachments: [] })
  c.tickets.push({ id: ticketId, subject: `${REASONS[reason]}: ${paid.summary}`, body: note, resolved: Boolean(answer), createdAt: created, messages })
  const status = answer ? 'ANSWERED' : 'RECEIVED'
  const dispute: S['DisputeOut'] = {
    trackingNumber: tracking(),
    reason,
    reasonLabel: REASONS[reason],
    status,
    statusLabel: LABELS[status],
    paymentReference: paid.reference,
    paymentSummary: paid.summary,
    amount: paid.amount,
    paymentDate: `${paid.at}:00`,
    createdAt: created,
    answerBy: wireDate(new Date(due)),
    answerByUtc: lagosIso(due),
    pastDeadline: false,
    answer,
    refundReference: null,
    ticketId,
  }
  listOf(c).unshift(dispute)
  return dispute
}

const failedAnswer = (paid: Paid) => `Your money was not taken: the ${formatNaira(paid.amount)} hold was released on ${paid.at} WAT.`
const completedAnswer = (paid: Paid) =>
  `This payment did not fail: ${formatNaira(paid.amount)} was paid to ${paid.payee} on ${paid.at} WAT. If the recipient has not received it, report "The recipient has not received it".`

/** What the back office's decision in `status` has the customer read (bff/disputes/backoffice.py). */
function decided(c: Customer, d: S['DisputeOut'], status: string): { dispute: S['DisputeOut']; said: string | null } {
  const paid = paidOf(c, d.paymentReference)
  const amount = formatNaira(d.amount)
  const base = { ...d, status, statusLabel: LABELS[status], refundReference: null }
  switch (status) {
    case 'RECEIVED':
      return { dispute: { ...base, answer: null }, said: null }
    case 'IN_REVIEW':
      return { dispute: { ...base, answer: null }, said: `A member of our team is looking into it. We will answer by ${wat(d.answerBy)}.` }
    case 'REFUNDED': {
      const said = `We have refunded ${amount} to your account ${paid?.accountNumber ?? ''}. It shows in your history as a reversal.`.replace(' .', '.')
      return { dispute: { ...base, answer: said, refundReference: `RVSL-${d.paymentReference}` }, said }
    }
    case 'ANSWERED': {
      const said = paid?.status === 'FAILED' ? failedAnswer(paid) : completedAnswer(paid ?? { reference: d.paymentReference, amount: d.amount, summary: d.paymentSummary, status: 'COMPLETED', at: d.paymentDate.slice(0, 16), payee: 'the recipient', accountNumber: '' })
      return { dispute: { ...base, answer: said }, said }
    }
    default: {
      const said = "The recipient's bank confirmed that the money arrived in their account."
      return { dispute: { ...base, answer: said }, said }
    }
  }
}

/** The dispute as a forced `disputes.state.*` scenario shows it (itself otherwise). */
function forcedState(request: Request, c: Customer, d: S['DisputeOut']): S['DisputeOut'] & { said?: string | null } {
  const state = forcedScenario(request, 'disputes.state')?.rule.state
  if (!state) return d
  const { dispute, said } = decided(c, d, state)
  return { ...dispute, said }
}

function detail(c: Customer, d: S['DisputeOut'], shown: S['DisputeOut'] & { said?: string | null } = d): S['DisputeDetailOut'] {
  const ticket = c.tickets.find((t) => t.id === d.ticketId)
  const { said, ...dispute } = shown
  const messages = [...(ticket?.messages ?? [])]
  if (said && !messages.some((m) => m.text === said)) messages.push({ id: nextId(), sender: 'AGENT', text: said, createdAt: wireDate(), attachments: [] })
  return { ...dispute, messages }
}

/** Under a forced state, a customer with no report is given one on their latest payment out. */
function listUnder(request: Request, c: Customer): S['DisputeOut'][] {
  if (!forcedScenario(request, 'disputes.state')) return listOf(c)
  const latest = c.transactions.find((t) => t.transactionType === 'DEBIT' && t.status !== 'FAILED')
  const paid = latest && paidOf(c, latest.referenceNumber)
  if (listOf(c).length === 0 && paid) report(c, paid, 'NOT_RECEIVED', '')
  return listOf(c).map((d) => {
    const { said: _, ...shown } = forcedState(request, c, d)
    return shown
  })
}

export const disputesHandlers = [
  http.get('/api/disputes/reasons', signedIn(() => HttpResponse.json(Object.entries(REASONS).map(([reason, label]) => ({ reason, label, answerWithinHours: HOURS[reason] }))))),
  http.get('/api/disputes', signedIn(({ c, request }) => {
    const wanted = new URL(request.url).searchParams.get('paymentReference')
    return HttpResponse.json(listUnder(request, c).filter((d) => !wanted || d.paymentReference === wanted))
  })),
  http.get('/api/disputes/:trackingNumber', signedIn(({ c, params, request }) => {
    const found = listOf(c).find((d) => d.trackingNumber === params.trackingNumber)
    return found ? HttpResponse.json(detail(c, found, forcedState(request, c, found))) : problem(404, 'Dispute not found', 'Not Found')
  })),
  http.post('/api/disputes', signedIn(({ c, body, request }) => {
    const reason = String(body.reason ?? '')
    if (!REASONS[reason]) return fieldErrors([{ field: 'reason', message: 'Choose what went wrong' }])
    const paid = paidOf(c, String(body.paymentReference ?? ''))
    if (!paid) return problem(404, 'We could not find this payment among yours', 'Not Found')
    const pending = listOf(c).find((d) => d.paymentReference === paid.reference && (d.status === 'RECEIVED' || d.status === 'IN_REVIEW'))
    if (pending) return problem(409, `You have already reported a problem with this payment (${pending.trackingNumber}). We will answer by ${wat(pending.answerBy)}.`, 'Conflict')
    const answer = reason === 'DEBITED_BUT_FAILED' ? instantAnswer(request, paid) : null
    const dispute = report(c, paid, reason, String(body.note ?? ''), answer)
    const shown = forcedState(request, c, dispute)
    const open = shown.status === 'RECEIVED' || shown.status === 'IN_REVIEW'
    const message = open ? `We received your report. We will answer by ${dispute.answerBy} WAT` : 'We have answered your report'
    return HttpResponse.json({ message, dispute: detail(c, dispute, shown) }, { status: 201 })
  })),
  http.get('/api/ibanking/personal/freeze', signedIn(({ c, request }) => {
    const at = frozen.get(c) ?? (forcedFrozen(request) ? FORCED_FROZEN_AT : null)
    return HttpResponse.json({ frozen: Boolean(at), frozenAt: at, message: at ? 'Your account is frozen: no money can leave it.' : 'Your account is not frozen' })
  })),
  http.post('/api/ibanking/personal/freeze', signedIn(({ c }) => {
    if (!frozen.has(c)) frozen.set(c, wireDate())
    return HttpResponse.json({ frozen: true, frozenAt: frozen.get(c)!, message: FROZEN_NOW })
  })),
  http.post('/api/ibanking/personal/unfreeze', signedIn(({ c, body }) => {
    if (!frozen.has(c)) return problem(409, 'Your account is not frozen', 'Conflict')
    if (!body.otp) return HttpResponse.json({ message: 'Enter the OTP sent to your registered email & phone number', twoFactorAuthentication: c.twoFactor }, { status: 202 })
    if (body.otp !== MOCK_OTP) return problem(400, 'Invalid or expired OTP', 'Bad Request')
    frozen.delete(c)
    // Coming back by themselves: a selfie before money leaves again (§16.6).
    requireSelfie(c)
    return HttpResponse.json({ message: 'Your account is unfrozen and your password is changed' })
  })),
]

const ACCOUNT_FROZEN =
  'Your account is frozen, so no money can leave it. To unfreeze it, use a code and a new password in Settings, or contact customer service.'

const forcedFrozen = (request: Request) => forcedScenario(request, 'account.freeze')?.rule.state === 'FROZEN'
/** When a forced `account.freeze.frozen` says the account was frozen (this morning). */
const FORCED_FROZEN_AT = `${wireDate().slice(0, 10)} 08:05:00`

/** Answers 409 for a frozen persona's payment, or one whose selfie is owed (§16.6); otherwise
 * falls through to the payment's own route. */
function refuseWhenFrozen({ request }: { request: Request }) {
  const persona = personaFromRequest(request)
  if (!persona) return undefined
  if (frozen.has(customerOf(persona)) || forcedFrozen(request)) return problem(409, ACCOUNT_FROZEN, 'Conflict')
  return selfieRequired(customerOf(persona)) ? problem(409, SELFIE_REQUIRED, 'Conflict') : undefined
}

const PAYMENT_ROUTES = [
  ...['intrabank', 'own-account', 'other-banks', 'bulk', 'intrabank/confirm', 'other-banks/confirm', 'bulk/confirm'].map((path) => `/api/transfer/${path}`),
  ...['airtime', 'databundle', 'electricity', 'cabletv'].flatMap((segment) => [
    `/api/utility/providers/${segment}/vend/initiate`,
    `/api/utility/providers/${segment}/vend/confirm`,
  ]),
]

/** Listed before the features' handlers (src/mocks/handlers.ts). */
export const frozenRefusals = PAYMENT_ROUTES.map((path) => http.post(path, refuseWhenFrozen))
