/**
 * Mock routes for transfers: the bank list, name look-ups (persona accounts and the
 * scenario accounts of fixtures/scenarios.json), the code step, and outcomes. A confirmed
 * transfer debits its account and adds a transaction; GTBank 9000000021 is declined,
 * 9000000038 / 9000000045 answer Pending and complete on the second status check,
 * 9000000052 answers Pending and then fails; a forced catalogue scenario wins over both.
 * The risk check (src/mocks/risk.ts) runs on every initiation to someone else: a block is
 * refused at once, a step-up carries its warning (the confirm must acknowledge it), a hold
 * reserves the money at the confirm and answers Pending, held for review.
 */
import { MOCK_RP, approvalOptions, mockChallenge, mockPasskeys, passkeyApproved, passkeysOf } from '../../mocks/passkeys'
import { http, HttpResponse } from 'msw'
import { BANKS, bankNameOf } from '../../mocks/personas'
import { settlementOf } from '../../mocks/forcing/catalogue'
import { forcedScenario } from '../../mocks/forcing/forced'
import { INVALID_OTP, codeSent, fieldErrors, notFound, problem, signedIn } from '../../mocks/session'
import { HELD_MESSAGE, held, inflowRefused, remember, riskCheck, unacknowledged, warned, type Verdict } from '../../mocks/risk'
import { INTERBANK, KOBO_CODE, MOCK_OTP, accountName, findKoboAccount, nextId, newReference, post, wireDate, type Customer, type S } from '../../mocks/state'

export const PENDING_MESSAGE = 'Your transfer is being processed. We will send you an SMS as soon as it completes.'
const DECLINES: Record<string, string> = {
  '51': 'Insufficient funds.',
  '57': 'This transfer is not permitted on this account.',
  '91': 'The beneficiary bank is not available right now. Please try again later.',
  // The core's watch on money coming in stopped the account's outflows (§16.2).
  '34': 'We have paused payments out of this account while our team checks money paid into it. We will contact you; you can also call customer service.',
}
const declined = (code: string) => `${DECLINES[code] ?? 'The transfer could not be completed.'} Your account was not debited.`

type Transfer = S['TransferOut']
/** Pending transfers: status checks left, and how they end. */
const settling = new Map<string, { checks: number; completes: boolean }>()
const toSave = new Set<string>()
const bulks = new Map<string, Transfer[]>()
const bulkIds = new Set<string>()

/** The transfer as planned, or the field error that stops it. */
function plan(c: Customer, kind: string, row: { sourceAccountNumber?: string; destinationAccountNumber?: string; destinationBankCode?: string; amount?: number; description?: string }): Transfer | { field: string; message: string } {
  const code = kind === 'OTHER_BANK' ? (row.destinationBankCode ?? '') : KOBO_CODE
  const destination = String(row.destinationAccountNumber ?? '').trim()
  const name = accountName(code, destination)
  const source = c.accounts.find((a) => a.accountNumber === row.sourceAccountNumber)
  if (!/^\d{10}$/.test(destination)) return { field: 'destinationAccountNumber', message: 'Account Number must be 10 characters' }
  if (!name) return { field: 'destinationAccountNumber', message: 'Invalid account details' }
  if (!source || !(Number(row.amount) > 0)) return { field: 'amount', message: 'This field is required' }
  if (Number(row.amount) > source.availableBalance) return { field: 'amount', message: 'Insufficient funds' }
  const id = newReference()
  return {
    id, referenceNumber: id, status: 'AWAITING_OTP', transferType: kind, sourceAccountNumber: source.accountNumber, destinationAccountNumber: destination,
    destinationAccountName: name, destinationBankCode: code, destinationBankName: bankNameOf(code)!, amount: Number(row.amount),
    description: row.description?.trim() || 'Transfer', responseCode: null, message: null, sessionId: null, dateCreated: wireDate(), heldForReview: false,
  }
}

/** A confirmed transfer: debited and recorded, declined, or Pending until a few status checks. */
function execute(c: Customer, t: Transfer, request: Request, operation: string, saveAsBeneficiary = false): Transfer {
  const forced = forcedScenario(request, operation)?.rule
  const magic = INTERBANK.find((s) => s.bankCode === t.destinationBankCode && s.accountNumber === t.destinationAccountNumber)?.transfer
  const outcome = forced
    ? settlementOf(forced)
    : magic?.effect
      ? { kind: 'pending' as const, thenCompleted: (magic.finalResponseCode ?? '00') === '00' }
      : magic?.responseCode && magic.responseCode !== '00' ? { kind: 'declined' as const, code: magic.responseCode } : { kind: 'completed' as const }
  const source = c.accounts.find((a) => a.accountNumber === t.sourceAccountNumber)!
  if (outcome.kind === 'declined' || t.amount > source.availableBalance || inflowRefused(request)) {
    const code = inflowRefused(request) ? '34' : outcome.kind === 'declined' ? outcome.code : '51'
    return Object.assign(t, { status: 'FAILED', responseCode: code, message: declined(code) })
  }
  if (held(t.id)) {
    // Held for the team's review: the money is reserved, nothing is sent.
    source.availableBalance = Math.round((source.availableBalance - t.amount) * 100) / 100
    return Object.assign(t, { status: 'PENDING', responseCode: null, message: HELD_MESSAGE, heldForReview: true })
  }
  const pending = outcome.kind === 'pending'
  post(source, -t.amount, `Transfer to ${t.destinationAccountName}, ${t.destinationBankName}`, { referenceNumber: t.referenceNumber!, counterpartyName: t.destinationAccountName, counterpartyBank: t.destinationBankName, destinationAccountNumber: t.destinationAccountNumber, description: t.description }, pending ? 'PENDING' : 'COMPLETED')
  const target = t.destinationBankCode === KOBO_CODE ? findKoboAccount(t.destinationAccountNumber) : null
  if (target && !pending) post(target.account, t.amount, `From ${source.accountName}`, { counterpartyName: source.accountName })
  if (pending) settling.set(t.id, { checks: 2, completes: outcome.thenCompleted })
  if (saveAsBeneficiary && !c.beneficiaries.some((b) => b.accountNumber === t.destinationAccountNumber)) {
    c.beneficiaries.unshift({ id: nextId(), beneficiaryName: t.destinationAccountName, accountName: t.destinationAccountName, accountNumber: t.destinationAccountNumber, bankCode: t.destinationBankCode, bankName: t.destinationBankName })
  }
  const sessionId = t.destinationBankCode === KOBO_CODE ? null : `${KOBO_CODE}${String(Date.now()).padStart(24, '0')}`
  return Object.assign(t, pending ? { status: 'PENDING', responseCode: '09', message: PENDING_MESSAGE, sessionId } : { status: 'COMPLETED', responseCode: '00', message: 'Transferred Successfully', sessionId })
}

function answer(t: Transfer) {
  if (t.status !== 'FAILED') return HttpResponse.json(t, { status: t.status === 'COMPLETED' ? 200 : 202 })
  return HttpResponse.json(
    { type: 'about:blank', title: 'Transfer Failed', status: 422, detail: t.message, id: t.id, referenceNumber: t.referenceNumber, transferStatus: 'FAILED', responseCode: t.responseCode },
    { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
  )
}

const lookup = (code: string, accountNumber = '') => {
  const name = accountName(code, accountNumber.trim())
  if (!name) return fieldErrors([{ field: 'accountNumber', message: /^\d{10}$/.test(accountNumber.trim()) ? 'Invalid account details' : 'Account Number must be 10 characters' }])
  const nameInquiryReference = code === KOBO_CODE ? null : `${KOBO_CODE}${Date.now()}${accountNumber}`
  return HttpResponse.json({ accountName: name, accountNumber: accountNumber.trim(), bankCode: code, bankName: bankNameOf(code), nameInquiryReference })
}

const PASSKEY_REFUSED = 'We could not verify your passkey. Please try again, or use a code instead.'

export const transfersHandlers = [
  http.get('/api/transfer/banks', signedIn(() => HttpResponse.json(BANKS))),
  http.get('/api/transfer/balance', signedIn(({ c }) => {
    const total = c.accounts.reduce((sum, a) => sum + a.availableBalance, 0)
    return HttpResponse.json({ accounts: c.accounts, totalCurrentBalance: total, totalAvailableBalance: total, thisWeekInwards: 175000, thisWeekOutwards: 4500.5 })
  })),
  http.post('/api/transfer/intrabank-name-inquiry', signedIn(({ body }) => lookup(KOBO_CODE, body.accountNumber))),
  http.post('/api/transfer/name-inquiry', signedIn(({ body }) => lookup(body.bankCode ?? KOBO_CODE, body.accountNumber))),

  ...(['intrabank', 'own-account', 'other-banks'] as const).map((path) =>
    http.post(`/api/transfer/${path}`, signedIn(({ c, persona, body, request }) => {
      const t = plan(c, { intrabank: 'INTRA_BANK', 'own-account': 'OWN_ACCOUNT', 'other-banks': 'OTHER_BANK' }[path], body)
      if (!('id' in t)) return fieldErrors([t])
      const verdict = path === 'own-account' ? null : riskCheck(request, c, t)
      if (verdict?.outcome === 'BLOCK') return problem(400, verdict.reason, 'Bad Request')
      c.transfers.set(t.id, t)
      if (body.saveAsBeneficiary) toSave.add(t.id)
      const passkeyApproval = passkeysOf(persona.key).length > 0
      const riskWarning = remember(t.id, verdict)
      return HttpResponse.json({ id: t.id, status: 'AWAITING_OTP', transfer: t, ...codeSent(c), passkeyApproval, riskWarning }, { status: 201 })
    })),
  ),

  ...['intrabank', 'other-banks'].map((path) =>
    http.post(`/api/transfer/${path}/confirm`, signedIn(({ c, body, request }) => {
      const t = c.transfers.get(String(body.id))
      if (!t || bulkIds.has(t.id)) return notFound('Transfer')
      if (t.status !== 'AWAITING_OTP') return answer(t)
      const refused = unacknowledged(t.id, body)
      if (refused) return refused
      // A passkey approval: the mock trusts the browser (the BFF checks the signature).
      const approved = body.passkey && mockPasskeys.has(String(body.passkey.id))
      if (!approved && body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
      return answer(execute(c, t, request, path === 'other-banks' ? 'nip.transfer' : 'ledger.transfer', toSave.has(t.id)))
    })),
  ),

  http.post('/api/transfer/passkey-options', signedIn(({ c, persona, body }) => {
    const t = c.transfers.get(String(body.id))
    if (!t || bulkIds.has(t.id)) return notFound('Transfer')
    const mine = [...mockPasskeys.entries()].filter(([, p]) => p.personaKey === persona.key)
    if (!mine.length) return problem(400, 'You have no passkey yet. Add one in Settings, or use a code instead.', 'Bad Request')
    const allowCredentials = mine.map(([id]) => ({ id, type: 'public-key', transports: ['internal'] }))
    return HttpResponse.json({ options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, allowCredentials, userVerification: 'required' } })
  })),

  http.post('/api/transfer/bulk', signedIn(({ c, persona, body, request }) => {
    const rows: Transfer[] = []
    const verdicts: Verdict[] = []
    for (const [index, row] of (body.transfers ?? []).entries()) {
      const t = plan(c, (row.destinationBankCode || KOBO_CODE) === KOBO_CODE ? 'INTRA_BANK' : 'OTHER_BANK', row)
      if (!('id' in t)) return fieldErrors([{ field: `transfers[${index}].${t.field}`, message: t.message }])
      const verdict = riskCheck(request, c, t)
      if (verdict?.outcome === 'BLOCK') return fieldErrors([{ field: `transfers[${index}].row`, message: verdict.reason }])
      rows.push(t)
      verdicts.push(verdict)
    }
    if (!rows.length) return fieldErrors([{ field: 'transfers', message: 'Add at least one transfer' }])
    const id = `mock-batch-${rows[0].id}`
    for (const [index, t] of rows.entries()) {
      c.transfers.set(t.id, t)
      bulkIds.add(t.id)
      remember(t.id, verdicts[index])
    }
    bulks.set(id, rows)
    // One warning for the batch, with every row's reasons once.
    const warnings = verdicts.flatMap((v) => (v?.outcome === 'STEP_UP' ? [v.warning] : []))
    const riskWarning = warnings.length ? { ...warnings[0], reasons: [...new Set(warnings.flatMap((w) => w.reasons))] } : null
    if (riskWarning) warned.add(id)
    const passkeyApproval = passkeysOf(persona.key).length > 0
    return HttpResponse.json({ id, status: 'AWAITING_OTP', ...codeSent(c), transfers: rows, totalAmount: rows.reduce((s, t) => s + t.amount, 0), passkeyApproval, riskWarning }, { status: 201 })
  })),

  http.post('/api/transfer/bulk/confirm', signedIn(({ c, body, request }) => {
    const rows = bulks.get(String(body.id))
    if (!rows || !c.transfers.has(rows[0].id)) return notFound('Transfer')
    if (rows.every((t) => t.status === 'AWAITING_OTP')) {
      if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
      const refused = unacknowledged(String(body.id), body)
      if (refused) return refused
      if (!passkeyApproved(body) && body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
      rows.forEach((t) => execute(c, t, request, 'ledger.transfer'))
    }
    const count = (status: string) => rows.filter((t) => t.status === status).length
    const [completed, failed] = [count('COMPLETED'), count('FAILED')]
    const pending = rows.length - completed - failed
    const message = completed === rows.length ? 'Transferred Successfully' : `${completed} completed, ${pending} pending, ${failed} failed`
    return HttpResponse.json({ id: String(body.id), message, completed, pending, failed, transfers: rows })
  })),

  http.post('/api/transfer/bulk/passkey-options', signedIn(({ c, persona, body }) => {
    const rows = bulks.get(String(body.id))
    if (!rows || !c.transfers.has(rows[0].id)) return notFound('Transfer')
    if (!rows.every((t) => t.status === 'AWAITING_OTP')) return problem(400, 'This transfer is no longer waiting for your approval.', 'Bad Request')
    return approvalOptions(persona.key)
  })),

  // Last, so /banks and /balance are matched first.
  http.get('/api/transfer/:id', signedIn(({ c, params, request }) => {
    const t = c.transfers.get(String(params.id))
    if (!t) return notFound('Transfer')
    const s = settling.get(t.id)
    if (s && t.status === 'PENDING' && !forcedScenario(request, 'nip.tsq') && --s.checks <= 0) {
      const line = c.transactions.find((l) => l.referenceNumber === t.referenceNumber)
      if (line) line.status = s.completes ? 'COMPLETED' : 'FAILED'
      if (!s.completes) c.accounts.find((a) => a.accountNumber === t.sourceAccountNumber)!.availableBalance += t.amount
      Object.assign(t, s.completes ? { status: 'COMPLETED', responseCode: '00', message: 'Transferred Successfully' } : { status: 'FAILED', responseCode: '91', message: declined('91') })
    }
    return HttpResponse.json(t)
  })),
]
