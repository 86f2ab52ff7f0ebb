/**
 * Mock routes for /api/disputes and the account freeze (docs/contract.md §14.4a, §15.6–15.8):
 * a report on one of the persona's own lines becomes a ticket with a tracking number and an
 * answer-by time; "I was debited but it failed" on a failed line is answered at once; a
 * second open report on one payment is 409. Kept per persona until the state is reset (not
 * across a dev:mock reload). While frozen, transfers and bill payments are refused (409) before
 * their own routes run.
 */
import { http, HttpResponse } from 'msw'
import { fieldErrors, personaFromRequest, problem, signedIn } from './session'
import { customerOf, nextId, onReset, wireDate, type Customer, type S } from './state'
import { MOCK_OTP } from './state'
import { formatNaira } from '../lib/format'

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

function detail(c: Customer, d: S['DisputeOut']): S['DisputeDetailOut'] {
  const ticket = c.tickets.find((t) => t.id === d.ticketId)
  return { ...d, messages: ticket?.messages ?? [] }
}

export const disputesHandlers = [
  http.get('/api/disputes/reasons', signedIn(() => HttpResponse.json(Object.entries(REASONS).map(([reason, label]) => ({ reason, label, answerWithinHours: HOURS[reason] }))))),
  http.get('/api/disputes', signedIn(({ c, request }) => {
    const wanted = new URL(request.url).searchParams.get('paymentReference')
    return HttpResponse.json(listOf(c).filter((d) => !wanted || d.paymentReference === wanted))
  })),
  http.get('/api/disputes/:trackingNumber', signedIn(({ c, params }) => {
    const found = listOf(c).find((d) => d.trackingNumber === params.trackingNumber)
    return found ? HttpResponse.json(detail(c, found)) : problem(404, 'Dispute not found', 'Not Found')
  })),
  http.post('/api/disputes', signedIn(({ c, body }) => {
    const reason = String(body.reason ?? '')
    if (!REASONS[reason]) return fieldErrors([{ field: 'reason', message: 'Choose what went wrong' }])
    const line = c.transactions.find((t) => t.referenceNumber === body.paymentReference)
    if (!line) return problem(404, 'We could not find this payment among yours', 'Not Found')
    const open = listOf(c).find((d) => d.paymentReference === line.referenceNumber && (d.status === 'RECEIVED' || d.status === 'IN_REVIEW'))
    if (open) return problem(409, `You have already reported a problem with this payment (${open.trackingNumber}). We will answer by ${wat(open.answerBy)}.`, 'Conflict')
    const amount = Math.abs(line.amount)
    const summary = `${formatNaira(amount)} ${line.transactionType === 'DEBIT' ? 'to' : 'from'} ${line.counterpartyName ?? line.narration}`
    const answer =
      reason === 'DEBITED_BUT_FAILED' && line.status === 'FAILED' ? `Your money was not taken: the ${formatNaira(amount)} hold was released on ${wat(`${line.dateCreated} ${line.timeCreated}`)}.` : null
    const due = Date.now() + HOURS[reason] * 3_600_000
    const created = wireDate()
    const note = String(body.note ?? '').trim() || REASONS[reason]
    const ticketId = c.tickets.length + 1
    const messages: S['TicketMessageOut'][] = [{ id: nextId(), sender: 'CLIENT', text: note, createdAt: created, attachments: [] }]
    if (answer) messages.push({ id: nextId(), sender: 'AGENT', text: answer, createdAt: created, attachments: [] })
    c.tickets.push({ id: ticketId, subject: `${REASONS[reason]}: ${summary}`, body: note, resolved: Boolean(answer), createdAt: created, messages })
    const status = answer ? 'ANSWERED' : 'RECEIVED'
    const dispute: S['DisputeOut'] = {
      trackingNumber: tracking(),
      reason,
      reasonLabel: REASONS[reason],
      status,
      statusLabel: LABELS[status],
      paymentReference: line.referenceNumber,
      paymentSummary: summary,
      amount,
      paymentDate: `${line.dateCreated} ${line.timeCreated}:00`.slice(0, 19),
      createdAt: created,
      answerBy: wireDate(new Date(due)),
      answerByUtc: lagosIso(due),
      pastDeadline: false,
      answer,
      refundReference: null,
      ticketId,
    }
    listOf(c).unshift(dispute)
    const message = answer ? 'We have answered your report' : `We received your report. We will answer by ${dispute.answerBy} WAT`
    return HttpResponse.json({ message, dispute: detail(c, dispute) }, { status: 201 })
  })),
  http.get('/api/ibanking/personal/freeze', signedIn(({ c }) => {
    const at = frozen.get(c) ?? null
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
    return HttpResponse.json({ message: 'Your account is unfrozen and your password is changed' })
  })),
]

const ACCOUNT_FROZEN =
  'Your account is frozen, so no money can leave it. To unfreeze it, use a code and a new password in Settings, or contact customer service.'

/** Answers 409 for a frozen persona's payment; otherwise falls through to the payment's own route. */
function refuseWhenFrozen({ request }: { request: Request }) {
  const persona = personaFromRequest(request)
  if (!persona || !frozen.has(customerOf(persona))) return undefined
  return problem(409, ACCOUNT_FROZEN, 'Conflict')
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
