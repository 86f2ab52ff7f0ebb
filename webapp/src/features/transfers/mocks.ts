/**
 * MSW handlers for transfers, stateful over the mock bank: name look-ups
 * (persona accounts and the scenario accounts of fixtures/scenarios.json),
 * the code step, and outcomes by destination: GTBank 9000000021 is declined
 * (422), 9000000038 / 9000000045 answer Pending and complete on the second
 * status check, 9000000052 answers Pending and then fails.
 */
import { http, HttpResponse } from 'msw'
import { KOBO_BANK_NAME } from '../../mocks/fixtures'
import banksFixture from '../../../../fixtures/banks.json'
import type { Account, TransferFailedProblem } from '../../api/types'
import type { Persona } from '../../mocks/personas'
import { personaFromRequest, problem } from '../../mocks/session'
import {
  KOBO_CODE,
  MOCK_OTP,
  bankOf,
  findKoboAccount,
  koboName,
  limitOf,
  newBeneficiaryId,
  onMockBankReset,
  otherBankName,
  post,
  interbankRuleOf,
} from '../accounts/mockBank'
import { INVALID_OTP, codeSent, unauthorized } from '../accounts/mocks'
import { summaryOf } from '../dashboard/mocks'
import { settlementOf, type ScenarioRule } from '../../mocks/forcing/catalogue'
import { forcedScenario } from '../../mocks/forcing/forced'
import { newMockReference, rememberMockReceipt } from '../history/mocks'
import type {
  Balances,
  Bank,
  BulkPending,
  BulkResult,
  BulkTransferRow,
  NameInquiry,
  PendingTransfer,
  Transfer,
  TransferKind,
  TransferRequest,
} from '../../api/transferTypes'

export const MOCK_BANKS: Bank[] = (banksFixture as { banks: Bank[] }).banks
const bankName = (code: string) => MOCK_BANKS.find((b) => b.institutionCode === code)?.institutionName ?? null

const NOT_DEBITED = 'Your account was not debited.'
/** The customer's words for a decline (the code itself is never shown). */
const DECLINE_REASONS: Record<string, string> = {
  '51': 'Insufficient funds.',
  '57': 'This transfer is not permitted on this account.',
  '91': 'The beneficiary bank is not available right now. Please try again later.',
}
const declineMessage = (code: string) => `${DECLINE_REASONS[code] ?? 'The transfer could not be completed.'} ${NOT_DEBITED}`
export const PENDING_MESSAGE = 'Your transfer is being processed. We will send you an SMS as soon as it completes.'
/** How many status checks a Pending mock transfer takes to settle. */
export const CHECKS_TO_SETTLE = 2

interface MockTransfer {
  persona: string
  transfer: Transfer
  batchId: string | null
  saveAsBeneficiary: boolean
  finalStatus: 'COMPLETED' | 'FAILED' | null
  checksLeft: number
  debited: number
}

let transfers = new Map<string, MockTransfer>()
let batches = new Map<string, string[]>()
let nextId = 1
onMockBankReset(() => {
  transfers = new Map()
  batches = new Map()
  nextId = 1
})

const pad = (n: number) => String(n).padStart(2, '0')
function now(): string {
  const d = new Date()
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

type Refusal = { status: number; detail: string; field?: string }

function lookup(accountNumber: string, bankCode: string): NameInquiry | Refusal {
  if (!/^\d{10}$/.test(accountNumber)) return { status: 400, detail: 'Account Number must be 10 characters', field: 'accountNumber' }
  const name = bankCode === KOBO_CODE ? koboName(accountNumber) : bankName(bankCode) ? otherBankName(bankCode, accountNumber) : null
  if (!name) return { status: 400, detail: 'Invalid account details', field: 'accountNumber' }
  return {
    accountName: name,
    accountNumber,
    bankCode,
    bankName: bankName(bankCode) ?? KOBO_BANK_NAME,
    nameInquiryReference: bankCode === KOBO_CODE ? null : `${KOBO_CODE}2611${String(Date.now()).slice(-10)}${accountNumber}`,
  }
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'detail' in value

function refuse(refusal: Refusal) {
  const errors = refusal.field ? { errors: [{ field: refusal.field, message: refusal.detail }] } : {}
  return problem(refusal.status, refusal.detail, refusal.status === 404 ? 'Not Found' : 'Bad Request', errors)
}

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The BFF's checks of one transfer (bff/transfers/service.py `plan`), in the same order. */
function plan(persona: Persona, kind: TransferKind, data: TransferRequest | BulkTransferRow): Transfer | Refusal {
  const source = (data.sourceAccountNumber ?? '').trim()
  const destination = (data.destinationAccountNumber ?? '').trim()
  for (const [field, value] of [
    ['sourceAccountNumber', source],
    ['destinationAccountNumber', destination],
    ['amount', data.amount],
  ] as const) {
    if (value === null || value === undefined || value === '') return { status: 400, detail: 'This field is required', field }
  }
  if (!/^\d{10}$/.test(destination)) {
    return { status: 400, detail: 'Account Number must be 10 characters', field: 'destinationAccountNumber' }
  }
  const amount = Number(data.amount)
  if (!(amount > 0)) return { status: 400, detail: 'Amount must be greater than zero', field: 'amount' }
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) {
    return { status: 400, detail: 'Amount can have at most 2 decimal places', field: 'amount' }
  }
  const own = bankOf(persona).accounts
  const from = own.find((a) => a.accountNumber === source)
  if (!from) return { status: 404, detail: 'Account not found' }
  if (from.status !== 'ACTIVE') {
    return { status: 400, detail: 'This account is disabled and cannot send money', field: 'sourceAccountNumber' }
  }
  if (destination === source) {
    return { status: 400, detail: 'You cannot send money to the same account', field: 'destinationAccountNumber' }
  }
  let name: string
  let code = KOBO_CODE
  if (kind === 'OWN_ACCOUNT') {
    const target = own.find((a) => a.accountNumber === destination && a.status === 'ACTIVE')
    if (!target) return { status: 400, detail: 'Choose one of your active accounts', field: 'destinationAccountNumber' }
    name = target.accountName
  } else {
    code = kind === 'INTRA_BANK' ? KOBO_CODE : (data.destinationBankCode ?? '').trim()
    if (!code) return { status: 400, detail: 'This field is required', field: 'destinationBankCode' }
    const found = lookup(destination, code)
    if (isRefusal(found)) return found
    name = found.accountName
  }
  // One reference for life: the id, the confirm answer, the history line and the receipt.
  const reference = newMockReference()
  return {
    id: reference,
    referenceNumber: reference,
    status: 'AWAITING_OTP',
    transferType: kind,
    sourceAccountNumber: source,
    destinationAccountNumber: destination,
    destinationAccountName: name,
    destinationBankCode: code,
    destinationBankName: bankName(code) ?? KOBO_BANK_NAME,
    amount,
    description: (data.description ?? '').trim() || 'Transfer',
    responseCode: null,
    message: null,
    sessionId: null,
    dateCreated: now(),
  }
}

function checkLimitsAndFunds(persona: Persona, planned: Transfer[]): Refusal | null {
  const bySource = new Map<string, number>()
  for (const t of planned) {
    const kobo = Math.round(t.amount * 100)
    bySource.set(t.sourceAccountNumber, (bySource.get(t.sourceAccountNumber) ?? 0) + kobo)
    if (t.transferType === 'OWN_ACCOUNT') continue
    const limit = limitOf(persona, t.sourceAccountNumber, t.transferType)
    if (kobo > limit.singleKobo) {
      return { status: 400, detail: `This amount is above your limit of ${naira(limit.singleKobo)} per transaction`, field: 'amount' }
    }
  }
  for (const [source, kobo] of bySource) {
    const account = bankOf(persona).accounts.find((a) => a.accountNumber === source)!
    if (kobo > Math.round(account.availableBalance * 100)) return { status: 400, detail: 'Insufficient funds', field: 'amount' }
  }
  return null
}

function sourceOf(persona: Persona, t: Transfer): Account {
  return bankOf(persona).accounts.find((a) => a.accountNumber === t.sourceAccountNumber)!
}

function rememberBeneficiary(persona: Persona, t: Transfer) {
  const list = bankOf(persona).beneficiaries
  if (list.some((b) => b.accountNumber === t.destinationAccountNumber && b.bankCode === t.destinationBankCode)) return
  list.unshift({
    id: newBeneficiaryId(),
    beneficiaryName: t.destinationAccountName,
    bankName: t.destinationBankName,
    accountName: t.destinationAccountName,
    accountNumber: t.destinationAccountNumber,
    bankCode: t.destinationBankCode,
  })
}

type Settlement = ReturnType<typeof settlementOf>

/** How a transfer ends without a forced scenario: Kobo transfers complete; other banks'
 * magic accounts (fixtures/scenarios.json) behave as the simulator makes them. */
function magicSettlement(t: Transfer): Settlement {
  if (t.destinationBankCode === KOBO_CODE) return { kind: 'completed' }
  const rule = interbankRuleOf(t.destinationBankCode, t.destinationAccountNumber)
  if (!rule) return { kind: 'completed' }
  if (rule.effect) return { kind: 'pending', thenCompleted: (rule.finalResponseCode ?? '00') === '00' }
  return rule.responseCode && rule.responseCode !== '00' ? { kind: 'declined', code: rule.responseCode } : { kind: 'completed' }
}

/** Runs a confirmed transfer once and records its outcome (`forced`: a catalogue scenario). */
function execute(persona: Persona, record: MockTransfer, forced: ScenarioRule | null = null): void {
  const t = record.transfer
  if (t.referenceNumber) rememberMockReceipt(persona.key, t.referenceNumber)
  const source = sourceOf(persona, t)
  const settlement = forced ? settlementOf(forced) : magicSettlement(t)
  if (Math.round(t.amount * 100) > Math.round(source.availableBalance * 100) || settlement.kind === 'declined') {
    const code = settlement.kind === 'declined' ? settlement.code : '51'
    t.status = 'FAILED'
    t.responseCode = code
    t.message = declineMessage(code)
    return
  }
  post(source, -t.amount)
  record.debited = t.amount
  const target = t.destinationBankCode === KOBO_CODE ? findKoboAccount(t.destinationAccountNumber) : null
  if (t.destinationBankCode !== KOBO_CODE) t.sessionId = `${KOBO_CODE}${String(Date.now()).padStart(24, '0')}`
  if (settlement.kind === 'completed') {
    if (target) post(target.account, t.amount)
    t.status = 'COMPLETED'
    t.responseCode = '00'
    t.message = 'Transferred Successfully'
  } else {
    t.status = 'PENDING'
    t.responseCode = '09'
    t.message = PENDING_MESSAGE
    record.finalStatus = settlement.thenCompleted ? 'COMPLETED' : 'FAILED'
    record.checksLeft = CHECKS_TO_SETTLE
  }
  if (t.status === 'COMPLETED' && record.saveAsBeneficiary) rememberBeneficiary(persona, t)
}

/** A status check: a Pending transfer settles after a few of them. */
function check(persona: Persona, record: MockTransfer, statusQueryForced: boolean): void {
  if (record.transfer.status !== 'PENDING' || !record.finalStatus) return
  // A forced nip.tsq scenario: this status query learns nothing, the transfer stays Pending.
  if (statusQueryForced) return
  record.checksLeft -= 1
  if (record.checksLeft > 0) return
  const t = record.transfer
  t.status = record.finalStatus
  if (t.status === 'COMPLETED') {
    t.responseCode = '00'
    t.message = 'Transferred Successfully'
    if (record.saveAsBeneficiary) rememberBeneficiary(persona, t)
  } else {
    post(sourceOf(persona, t), record.debited)
    t.responseCode = '91'
    t.message = declineMessage('91')
  }
}

function confirmedAnswer(t: Transfer) {
  if (t.status === 'FAILED') {
    const failed: Omit<TransferFailedProblem, 'type' | 'title' | 'status' | 'detail'> = {
      id: t.id,
      referenceNumber: t.referenceNumber ?? t.id,
      transferStatus: 'FAILED',
      responseCode: t.responseCode ?? '',
    }
    return problem(422, t.message ?? '', 'Transfer Failed', failed)
  }
  return HttpResponse.json<Transfer>(t, { status: t.status === 'COMPLETED' ? 200 : 202 })
}

const INITIATE: [string, TransferKind][] = [
  ['/api/transfer/intrabank', 'INTRA_BANK'],
  ['/api/transfer/own-account', 'OWN_ACCOUNT'],
  ['/api/transfer/other-banks', 'OTHER_BANK'],
]

export const transfersHandlers = [
  http.get('/api/transfer/banks', ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    return HttpResponse.json<Bank[]>(MOCK_BANKS)
  }),

  http.get('/api/transfer/balance', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const summary = summaryOf(persona)
    return HttpResponse.json<Balances>({
      accounts: summary.accounts,
      totalCurrentBalance: summary.totalCurrentBalance,
      totalAvailableBalance: summary.totalAvailableBalance,
      thisWeekInwards: summary.weeklyTransactionSummary.inwards,
      thisWeekOutwards: summary.weeklyTransactionSummary.outwards,
    })
  }),

  http.post('/api/transfer/intrabank-name-inquiry', async ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const body = (await request.json()) as { accountNumber?: string }
    const found = lookup(String(body.accountNumber ?? '').trim(), KOBO_CODE)
    return isRefusal(found) ? refuse(found) : HttpResponse.json<NameInquiry>(found)
  }),

  http.post('/api/transfer/name-inquiry', async ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const body = (await request.json()) as { accountNumber?: string; bankCode?: string }
    const code = String(body.bankCode ?? KOBO_CODE).trim()
    if (!bankName(code)) return refuse({ status: 400, detail: 'Choose a bank from the list', field: 'bankCode' })
    const found = lookup(String(body.accountNumber ?? '').trim(), code)
    return isRefusal(found) ? refuse(found) : HttpResponse.json<NameInquiry>(found)
  }),

  ...INITIATE.map(([path, kind]) =>
    http.post(path, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const body = (await request.json()) as TransferRequest
      const planned = plan(persona, kind, body)
      if (isRefusal(planned)) return refuse(planned)
      const refusal = checkLimitsAndFunds(persona, [planned])
      if (refusal) return refuse(refusal)
      transfers.set(planned.id, {
        persona: persona.key,
        transfer: planned,
        batchId: null,
        saveAsBeneficiary: Boolean(body.saveAsBeneficiary),
        finalStatus: null,
        checksLeft: 0,
        debited: 0,
      })
      const sent = codeSent(bankOf(persona).twoFactor)
      return HttpResponse.json<PendingTransfer>(
        { id: planned.id, status: 'AWAITING_OTP', message: sent.message, twoFactorAuthentication: sent.twoFactorAuthentication, transfer: planned },
        { status: 201 },
      )
    }),
  ),

  ...['/api/transfer/intrabank/confirm', '/api/transfer/other-banks/confirm'].map((path) =>
    http.post(path, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const body = (await request.json()) as { id?: string; otp?: string }
      const record = transfers.get(String(body.id))
      if (!record || record.persona !== persona.key || record.batchId) return problem(404, 'Transfer not found', 'Not Found')
      if (record.transfer.status !== 'AWAITING_OTP') return confirmedAnswer(record.transfer)
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
      const operation = path.includes('other-banks') ? 'nip.transfer' : 'ledger.transfer'
      execute(persona, record, forcedScenario(request, operation)?.rule ?? null)
      return confirmedAnswer(record.transfer)
    }),
  ),

  http.post('/api/transfer/bulk', async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { transfers?: BulkTransferRow[] }
    const rows = body.transfers ?? []
    if (rows.length === 0) return refuse({ status: 400, detail: 'Add at least one transfer', field: 'transfers' })
    const planned: Transfer[] = []
    for (const [index, row] of rows.entries()) {
      const kind: TransferKind = (row.destinationBankCode || KOBO_CODE) === KOBO_CODE ? 'INTRA_BANK' : 'OTHER_BANK'
      const one = plan(persona, kind, row)
      if (isRefusal(one)) return refuse({ ...one, status: 400, field: `transfers[${index}].${one.field ?? 'row'}` })
      planned.push(one)
    }
    const refusal = checkLimitsAndFunds(persona, planned)
    if (refusal) return refuse(refusal)
    const id = `mock-batch-${nextId++}`
    batches.set(id, planned.map((t) => t.id))
    for (const t of planned) {
      transfers.set(t.id, { persona: persona.key, transfer: t, batchId: id, saveAsBeneficiary: false, finalStatus: null, checksLeft: 0, debited: 0 })
    }
    const sent = codeSent(bankOf(persona).twoFactor)
    return HttpResponse.json<BulkPending>(
      {
        id,
        status: 'AWAITING_OTP',
        message: sent.message,
        twoFactorAuthentication: sent.twoFactorAuthentication,
        transfers: planned,
        totalAmount: planned.reduce((sum, t) => sum + Math.round(t.amount * 100), 0) / 100,
      },
      { status: 201 },
    )
  }),

  http.post('/api/transfer/bulk/confirm', async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { id?: string; otp?: string }
    const ids = batches.get(String(body.id))
    const records = (ids ?? []).map((id) => transfers.get(id)!).filter((r) => r.persona === persona.key)
    if (!ids || records.length === 0) return problem(404, 'Transfer not found', 'Not Found')
    if (records.every((r) => r.transfer.status === 'AWAITING_OTP')) {
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
      records.forEach((r) => execute(persona, r))
    }
    const rows = records.map((r) => r.transfer)
    const count = (status: string) => rows.filter((t) => t.status === status).length
    const completed = count('COMPLETED')
    const failed = count('FAILED')
    const pending = rows.length - completed - failed
    return HttpResponse.json<BulkResult>({
      id: String(body.id),
      message: completed === rows.length ? 'Transferred Successfully' : `${completed} completed, ${pending} pending, ${failed} failed`,
      completed,
      pending,
      failed,
      transfers: rows,
    })
  }),

  // Last, so /banks and /balance are matched first.
  http.get('/api/transfer/:id', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const record = transfers.get(String(params.id))
    if (!record || record.persona !== persona.key) return problem(404, 'Transfer not found', 'Not Found')
    check(persona, record, forcedScenario(request, 'nip.tsq') !== null)
    return HttpResponse.json<Transfer>(record.transfer)
  }),
]
