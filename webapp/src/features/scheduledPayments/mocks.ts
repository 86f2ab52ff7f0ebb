/**
 * MSW handlers for scheduled payments
 * (docs/contract.md §10): list and one by id, create (intrabank, interbank, own, bulk:
 * a list whose first item has referenceNumber), approve with the code
 * (123456), and edit a pending one (it then needs approving again).
 */
import { http, HttpResponse } from 'msw'
import { KOBO_BANK_NAME } from '../../mocks/fixtures'
import type { Persona } from '../../mocks/personas'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import { KOBO_CODE, MOCK_OTP, bankOf, limitOf } from '../accounts/mockBank'
import { INVALID_OTP, unauthorized } from '../accounts/mocks'
import type { MessageResponse } from '../../api/accountTypes'
import type { BulkTransferRow, TransferRequest } from '../../api/transferTypes'
import { bankNameOf, newReference, newUuid, recipientName, schedulesOf, wireDay } from './mockSchedules'
import { SCHEDULE_APPROVED, SCHEDULE_EDITED, SCHEDULE_INTERVALS } from '../../store/schedules/texts'
import type { EditScheduleRequest, EditedSchedule, ScheduledPayment, SchedulePaymentSetting } from '../../store/schedules/types'

const BASE = '/api/ibanking/personal/schedule-payments'
const REQUIRED = 'This field is required'

type FieldError = { field: string; message: string }
type Kind = 'INTRA_BANK' | 'OWN_ACCOUNT' | 'OTHER_BANK'

const refuse = fieldErrors

/** `yyyy-mm-dd` (or `dd-mm-yyyy`) → a local date, or null. */
function parseDay(text: string | null | undefined): Date | null {
  const value = (text ?? '').trim()
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  let [y, m, d] = match ? [match[1], match[2], match[3]] : ['', '', '']
  if (!match) {
    match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value)
    if (!match) return null
    ;[d, m, y] = [match[1], match[2], match[3]]
  }
  const date = new Date(Number(y), Number(m) - 1, Number(d))
  return date.getDate() === Number(d) ? date : null
}

function timing(setting: SchedulePaymentSetting | null | undefined): FieldError[] | { date: Date; interval: string | null; repeat: number } {
  const errors: FieldError[] = []
  const date = parseDay(setting?.schedulePaymentDate)
  const today = new Date()
  today.setHours(0, 0, 0, 0)
  if (!setting?.schedulePaymentDate) errors.push({ field: 'schedulePaymentDate', message: REQUIRED })
  else if (!date) errors.push({ field: 'schedulePaymentDate', message: 'Enter a valid date' })
  else if (date < today) errors.push({ field: 'schedulePaymentDate', message: 'The date cannot be in the past' })
  let interval: string | null = null
  let repeat = 1
  if (setting?.continuous) {
    interval = (setting.scheduledInterval ?? '').toUpperCase() || null
    if (!interval) errors.push({ field: 'scheduledInterval', message: REQUIRED })
    else if (!(SCHEDULE_INTERVALS as readonly string[]).includes(interval)) {
      errors.push({ field: 'scheduledInterval', message: 'Choose DAILY, WEEKLY or MONTHLY' })
    }
    if (!setting.repeatPayment) errors.push({ field: 'repeatPayment', message: REQUIRED })
    else if (setting.repeatPayment < 1 || setting.repeatPayment > 120) {
      errors.push({ field: 'repeatPayment', message: 'Repeat between 1 and 120 times' })
    }
    else repeat = setting.repeatPayment
  }
  return errors.length ? errors : { date: date!, interval, repeat }
}

type Planned = Pick<
  ScheduledPayment,
  | 'transferType'
  | 'sourceAccountNumber'
  | 'destinationAccountNumber'
  | 'destinationAccountName'
  | 'destinationBankCode'
  | 'destinationBankName'
  | 'amount'
  | 'description'
>

/** The checks of one transfer (bff/transfers/service.py `plan`) and the limit per transaction. */
function plan(persona: Persona, kind: Kind, data: TransferRequest | BulkTransferRow): FieldError[] | Planned {
  const source = (data.sourceAccountNumber ?? '').trim()
  const destination = (data.destinationAccountNumber ?? '').trim()
  const missing = (
    [
      ['sourceAccountNumber', source],
      ['destinationAccountNumber', destination],
      ['amount', data.amount],
    ] as const
  ).filter(([, value]) => value === null || value === undefined || value === '')
  if (missing.length) return missing.map(([field]) => ({ field, message: REQUIRED }))
  if (!/^\d{10}$/.test(destination)) return [{ field: 'destinationAccountNumber', message: 'Account Number must be 10 characters' }]
  const amount = Number(data.amount)
  if (!(amount > 0)) return [{ field: 'amount', message: 'Amount must be greater than zero' }]
  const own = bankOf(persona).accounts
  const from = own.find((a) => a.accountNumber === source)
  if (!from) return [{ field: 'sourceAccountNumber', message: 'Account not found' }]
  if (destination === source) return [{ field: 'destinationAccountNumber', message: 'You cannot send money to the same account' }]
  let code = KOBO_CODE
  let name: string | null
  if (kind === 'OWN_ACCOUNT') {
    name = own.find((a) => a.accountNumber === destination && a.status === 'ACTIVE')?.accountName ?? null
    if (!name) return [{ field: 'destinationAccountNumber', message: 'Choose one of your active accounts' }]
  } else {
    code = kind === 'INTRA_BANK' ? KOBO_CODE : (data.destinationBankCode ?? '').trim()
    if (!code) return [{ field: 'destinationBankCode', message: REQUIRED }]
    name = recipientName(code, destination)
    if (!name) return [{ field: 'destinationAccountNumber', message: 'Invalid account details' }]
    const limit = limitOf(persona, source, kind)
    if (Math.round(amount * 100) > limit.singleKobo) {
      const naira = (limit.singleKobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
      return [{ field: 'amount', message: `This amount is above your limit of ₦${naira} per transaction` }]
    }
  }
  return {
    transferType: kind,
    sourceAccountNumber: source,
    destinationAccountNumber: destination,
    destinationAccountName: name,
    destinationBankCode: code,
    destinationBankName: bankNameOf(code) ?? KOBO_BANK_NAME,
    amount,
    description: (data.description ?? '').trim() || 'Transfer',
  }
}

function schedule(planned: Planned, reference: string, when: { date: Date; interval: string | null; repeat: number }): ScheduledPayment {
  return {
    ...planned,
    uuid: newUuid(),
    clientId: 1,
    referenceNumber: reference,
    scheduleDate: wireDay(when.date),
    interval: when.interval,
    repeatPayment: when.repeat,
    runsDone: 0,
    status: 'PENDING',
    approved: false,
    failureReason: null,
  }
}

const CREATE: [string, Kind][] = [
  [`${BASE}/intrabank`, 'INTRA_BANK'],
  [`${BASE}/interbank`, 'OTHER_BANK'],
  [`${BASE}/own`, 'OWN_ACCOUNT'],
]

export const scheduledPaymentsHandlers = [
  http.get(BASE, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<ScheduledPayment[]>(schedulesOf(persona))
  }),

  ...CREATE.map(([path, kind]) =>
    http.post(path, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const body = (await request.json()) as TransferRequest
      const when = timing(body.schedulePaymentSetting)
      if (Array.isArray(when)) return refuse(when)
      const planned = plan(persona, kind, body)
      if (Array.isArray(planned)) return refuse(planned)
      const created = schedule(planned, newReference(), when)
      schedulesOf(persona).push(created)
      return HttpResponse.json<ScheduledPayment[]>([created], { status: 201 })
    }),
  ),

  http.post(`${BASE}/bulk`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { bulkScheduleTransfer?: BulkTransferRow[]; schedulePaymentSetting?: SchedulePaymentSetting }
    const rows = body.bulkScheduleTransfer ?? []
    if (!rows.length) return refuse([{ field: 'bulkScheduleTransfer', message: 'Add at least one transfer' }])
    const when = timing(body.schedulePaymentSetting)
    if (Array.isArray(when)) return refuse(when)
    const reference = newReference()
    const created: ScheduledPayment[] = []
    for (const [index, row] of rows.entries()) {
      const kind: Kind = (row.destinationBankCode || KOBO_CODE) === KOBO_CODE ? 'INTRA_BANK' : 'OTHER_BANK'
      const planned = plan(persona, kind, row)
      if (Array.isArray(planned)) {
        return refuse(planned.map((e) => ({ field: `bulkScheduleTransfer[${index}].${e.field}`, message: e.message })))
      }
      created.push(schedule(planned, reference, when))
    }
    schedulesOf(persona).push(...created)
    return HttpResponse.json<ScheduledPayment[]>(created, { status: 201 })
  }),

  http.patch(`${BASE}/approve`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { otp?: string; referenceNumber?: string }
    const rows = schedulesOf(persona).filter((s) => s.referenceNumber === body.referenceNumber && s.status === 'PENDING')
    if (!rows.length) return problem(404, 'Scheduled payment not found', 'Not Found')
    if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    rows.forEach((s) => (s.approved = true))
    return HttpResponse.json<MessageResponse>({ message: SCHEDULE_APPROVED })
  }),

  http.put(`${BASE}/edit`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as EditScheduleRequest
    const row = schedulesOf(persona).find((s) => s.uuid === body.uuid)
    if (!row) return problem(404, 'Scheduled payment not found', 'Not Found')
    if (row.status !== 'PENDING' || row.runsDone > 0) return problem(409, 'Only pending scheduled payments can be edited', 'Conflict')
    const errors: FieldError[] = (
      [
        ['sourceAccountNumber', body.sourceAccountNumber],
        ['destinationAccountNumber', body.destinationAccountNumber],
        ['amount', body.amount],
        ['description', body.description],
        ['scheduleDate', body.scheduleDate],
      ] as const
    )
      .filter(([, value]) => value === null || value === undefined || value === '')
      .map(([field]) => ({ field, message: REQUIRED }))
    const bankCode = (body.destinationBankCode ?? '').trim()
    if (row.transferType === 'OTHER_BANK' && !bankCode) errors.push({ field: 'destinationBankCode', message: REQUIRED })
    if (errors.length) return refuse(errors)
    const when = timing({
      schedulePaymentDate: body.scheduleDate,
      continuous: Boolean(body.interval || row.interval),
      scheduledInterval: body.interval || row.interval,
      repeatPayment: body.repeatPayment || row.repeatPayment,
    })
    if (Array.isArray(when)) return refuse(when)
    const planned = plan(persona, row.transferType as Kind, {
      sourceAccountNumber: body.sourceAccountNumber,
      destinationAccountNumber: body.destinationAccountNumber,
      destinationBankCode: bankCode || KOBO_CODE,
      amount: body.amount,
      description: body.description,
    } as TransferRequest)
    if (Array.isArray(planned)) return refuse(planned)
    Object.assign(row, planned, {
      scheduleDate: wireDay(when.date),
      interval: when.interval,
      repeatPayment: when.repeat,
      approved: false,
      referenceNumber: newReference(),
    })
    return HttpResponse.json<EditedSchedule>({
      message: SCHEDULE_EDITED,
      approvalRequired: true,
      twoFactorAuthentication: bankOf(persona).twoFactor,
      scheduledPayment: row,
    })
  }),

  // Last, so /approve and /edit are matched first.
  http.get(`${BASE}/:uuid`, ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const found = schedulesOf(persona).find((s) => s.uuid === params.uuid)
    return found ? HttpResponse.json<ScheduledPayment>(found) : problem(404, 'Scheduled payment not found', 'Not Found')
  }),
]
