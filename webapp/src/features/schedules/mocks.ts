/**
 * Mock routes for scheduled payments: list and one by id, create (intrabank, interbank,
 * own, bulk: one reference for the batch), approve with 123456, and edit a pending one
 * (it then needs approving again, under a new reference).
 */
import { http, HttpResponse } from 'msw'
import { bankNameOf } from '../../mocks/personas'
import { INVALID_OTP, fieldErrors, notFound, problem, signedIn } from '../../mocks/session'
import { KOBO_CODE, MOCK_OTP, accountName, newUuid, nextId, type Customer, type S } from '../../mocks/state'
import { PASSKEY_REFUSED, approvalOptions, passkeyApproved } from '../../mocks/passkeys'

const BASE = '/api/ibanking/personal/schedule-payments'
type Row = { sourceAccountNumber?: string; destinationAccountNumber?: string; destinationBankCode?: string; amount?: number; description?: string }

export const wireDay = (date: Date) => `${String(date.getDate()).padStart(2, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${date.getFullYear()}`
/** `yyyy-mm-dd` as the wire's `dd-mm-yyyy`. */
const day = (text = '') => (/^\d{4}-/.test(text) ? text.split('-').reverse().join('-') : text)
const newReference = () => `SCH${4_000_000_000 + nextId()}`

function schedule(c: Customer, kind: string, row: Row, setting: S['SchedulePaymentSetting'] | undefined, referenceNumber: string): S['ScheduledPaymentOut'] | Response {
  if (!setting?.schedulePaymentDate) return fieldErrors([{ field: 'schedulePaymentDate', message: 'This field is required' }])
  const code = kind === 'OTHER_BANK' ? (row.destinationBankCode ?? '') : KOBO_CODE
  const destination = String(row.destinationAccountNumber ?? '')
  const name = kind === 'OWN_ACCOUNT' ? c.accounts.find((a) => a.accountNumber === destination)?.accountName : accountName(code, destination)
  if (!name) return fieldErrors([{ field: 'destinationAccountNumber', message: 'Invalid account details' }])
  return {
    uuid: newUuid(), clientId: 1, referenceNumber, transferType: kind, sourceAccountNumber: String(row.sourceAccountNumber), destinationAccountNumber: destination,
    destinationAccountName: name, destinationBankCode: code, destinationBankName: bankNameOf(code)!, amount: Number(row.amount), description: row.description?.trim() || 'Transfer',
    scheduleDate: day(setting.schedulePaymentDate), interval: setting.continuous ? (setting.scheduledInterval ?? null) : null,
    repeatPayment: setting.continuous ? (setting.repeatPayment ?? 1) : 1, runsDone: 0, status: 'PENDING', approved: false, failureReason: null,
  }
}

export const schedulesHandlers = [
  http.get(BASE, signedIn(({ c }) => HttpResponse.json(c.schedules))),

  ...([['intrabank', 'INTRA_BANK'], ['interbank', 'OTHER_BANK'], ['own', 'OWN_ACCOUNT']] as const).map(([path, kind]) =>
    http.post(`${BASE}/${path}`, signedIn(({ c, body }) => {
      const created = schedule(c, kind, body, body.schedulePaymentSetting, newReference())
      if (created instanceof Response) return created
      c.schedules.push(created)
      return HttpResponse.json([created], { status: 201 })
    })),
  ),

  http.post(`${BASE}/bulk`, signedIn(({ c, body }) => {
    const reference = newReference()
    const created = []
    for (const row of body.bulkScheduleTransfer ?? []) {
      const one = schedule(c, (row.destinationBankCode || KOBO_CODE) === KOBO_CODE ? 'INTRA_BANK' : 'OTHER_BANK', row, body.schedulePaymentSetting, reference)
      if (one instanceof Response) return one
      created.push(one)
    }
    if (!created.length) return fieldErrors([{ field: 'bulkScheduleTransfer', message: 'Add at least one transfer' }])
    c.schedules.push(...created)
    return HttpResponse.json(created, { status: 201 })
  })),

  http.patch(`${BASE}/approve`, signedIn(({ c, body }) => {
    const rows = c.schedules.filter((s) => s.referenceNumber === body.referenceNumber && s.status === 'PENDING')
    if (!rows.length) return notFound('Scheduled payment')
    if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
    // A passkey approval: the mock trusts the browser (the BFF checks the signature).
    if (!passkeyApproved(body) && body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
    rows.forEach((s) => (s.approved = true))
    return HttpResponse.json({ message: 'Scheduled Payment Approved' })
  })),

  http.post(`${BASE}/passkey-options`, signedIn(({ c, persona, body }) => {
    const rows = c.schedules.filter((s) => s.referenceNumber === body.referenceNumber && s.status === 'PENDING')
    return rows.length ? approvalOptions(persona.key) : notFound('Scheduled payment')
  })),

  http.put(`${BASE}/edit`, signedIn(({ c, body }) => {
    const row = c.schedules.find((s) => s.uuid === body.uuid)
    if (!row) return notFound('Scheduled payment')
    if (row.status !== 'PENDING') return problem(409, 'Only pending scheduled payments can be edited', 'Conflict')
    const code = row.transferType === 'OTHER_BANK' ? body.destinationBankCode : KOBO_CODE
    Object.assign(row, {
      sourceAccountNumber: body.sourceAccountNumber, destinationAccountNumber: body.destinationAccountNumber, destinationBankCode: code, destinationBankName: bankNameOf(code),
      destinationAccountName: accountName(code, body.destinationAccountNumber) ?? row.destinationAccountName, amount: body.amount, description: body.description,
      scheduleDate: day(body.scheduleDate), interval: body.interval ?? row.interval, repeatPayment: body.repeatPayment ?? row.repeatPayment, approved: false, referenceNumber: newReference(),
    })
    return HttpResponse.json({ message: 'Scheduled payment edited successfully', approvalRequired: true, twoFactorAuthentication: c.twoFactor, scheduledPayment: row })
  })),

  // Last, so /approve and /edit are matched first.
  http.get(`${BASE}/:uuid`, signedIn(({ c, params }) => {
    const found = c.schedules.find((s) => s.uuid === params.uuid)
    return found ? HttpResponse.json(found) : notFound('Scheduled payment')
  })),
]
