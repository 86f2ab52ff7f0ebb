/** Schedule dates and wording: the date goes out as yyyy-mm-dd and comes back as dd-mm-yyyy. */
import dayjs, { type Dayjs } from 'dayjs'
import { humanize } from '../../lib/format'
import type { ScheduledPayment, SchedulePaymentSetting } from './types'

/** What the scheduling fields of a form hold. */
export interface ScheduleValues {
  schedulePaymentDate?: Dayjs | null
  continuous?: boolean
  scheduledInterval?: string | null
  repeatPayment?: number | null
}

/** A picked day → `yyyy-mm-dd` (docs/contract.md §10.2: "converted to year-month-day for sending"). */
export function toWireDay(day: Dayjs): string {
  return day.format('YYYY-MM-DD')
}

/** The form's scheduling fields → the wire's `schedulePaymentSetting`. */
export function scheduleSettingOf(values: ScheduleValues): SchedulePaymentSetting {
  const continuous = Boolean(values.continuous)
  return {
    schedulePaymentDate: values.schedulePaymentDate ? toWireDay(values.schedulePaymentDate) : null,
    continuous,
    scheduledInterval: continuous ? (values.scheduledInterval ?? null) : null,
    repeatPayment: continuous ? (values.repeatPayment ?? null) : null,
  }
}

/** `dd-mm-yyyy` → a day, or null when it is not one. */
export function parseScheduleDate(wire: string | null | undefined): Dayjs | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec((wire ?? '').trim())
  if (!match) return null
  const [, dd, mm, yyyy] = match
  const day = dayjs(new Date(Number(yyyy), Number(mm) - 1, Number(dd)))
  return day.date() === Number(dd) && day.month() === Number(mm) - 1 ? day : null
}

/** `dd-mm-yyyy` → a sortable number (yyyymmdd); unknown dates sort last. */
export function dayKey(wire: string): number {
  const day = parseScheduleDate(wire)
  return day ? Number(day.format('YYYYMMDD')) : Number.MAX_SAFE_INTEGER
}

/** "Once" or "Monthly · 2 of 6 paid". */
export function cadenceOf(payment: Pick<ScheduledPayment, 'interval' | 'repeatPayment' | 'runsDone'>): string {
  if (!payment.interval) return 'Once'
  const count = payment.repeatPayment === 1 ? '1 payment' : `${payment.repeatPayment} payments`
  const paid = payment.runsDone > 0 ? ` · ${payment.runsDone} of ${payment.repeatPayment} paid` : ` · ${count}`
  return `${humanize(payment.interval)}${paid}`
}

/** Words a customer can search the table by. */
export function searchTextOf(p: ScheduledPayment): string {
  return [
    p.referenceNumber,
    p.scheduleDate,
    p.status,
    p.destinationAccountName,
    p.destinationAccountNumber,
    p.destinationBankName,
    p.sourceAccountNumber,
    p.description,
    p.amount.toFixed(2),
    String(p.amount),
    p.interval ?? '',
  ]
    .join(' ')
    .toLowerCase()
}
