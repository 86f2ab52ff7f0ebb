/**
 * The offline scheduled payments behind the MSW handlers (and the dashboard
 * mock's "Scheduled Payments" card): kept per persona in memory, seeded with
 * one payment of each status for customers with money, and cleared with the
 * mock bank. Checks follow bff/schedules/service.py.
 */
import type { Persona } from '../../mocks/personas'
import { KOBO_CODE, bankOf, koboName, onMockBankReset, otherBankName } from '../accounts/mockBank'
import type { ScheduledPayment } from '../../store/schedules/types'
import { KOBO_BANK_NAME, bankNameOf } from '../../mocks/fixtures'

export { bankNameOf }

let schedules = new Map<string, ScheduledPayment[]>()
let serial = 1
onMockBankReset(() => {
  schedules = new Map()
  serial = 1
})

const pad = (n: number) => String(n).padStart(2, '0')

/** `dd-mm-yyyy`, the wire format of a schedule date. */
export function wireDay(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`
}

function inDays(days: number): string {
  const date = new Date()
  date.setDate(date.getDate() + days)
  return wireDay(date)
}

export function newReference(): string {
  return `SCH${String(4_000_000_000 + serial++).padStart(10, '0')}`
}

export function newUuid(): string {
  return `00000000-0000-4000-9000-${String(serial++).padStart(12, '0')}`
}

/** Whose name an account number carries, as the BFF's look-up answers (null: not found). */
export function recipientName(bankCode: string, accountNumber: string): string | null {
  return bankCode === KOBO_CODE ? koboName(accountNumber) : bankNameOf(bankCode) ? otherBankName(bankCode, accountNumber) : null
}

function seed(persona: Persona): ScheduledPayment[] {
  if (persona.accounts.every((a) => a.openingBalanceKobo === 0)) return []
  const accounts = bankOf(persona).accounts
  const source = accounts[0].accountNumber
  const base = (fields: Partial<ScheduledPayment>): ScheduledPayment => ({
    uuid: newUuid(),
    clientId: 1,
    referenceNumber: newReference(),
    transferType: 'INTRA_BANK',
    sourceAccountNumber: source,
    destinationAccountNumber: '',
    destinationAccountName: '',
    destinationBankCode: KOBO_CODE,
    destinationBankName: KOBO_BANK_NAME,
    amount: 0,
    description: 'Transfer',
    scheduleDate: inDays(5),
    interval: null,
    repeatPayment: 1,
    runsDone: 0,
    status: 'PENDING',
    approved: true,
    failureReason: null,
    ...fields,
  })
  const list = [
    base({
      destinationAccountNumber: '2030000107',
      destinationAccountName: koboName('2030000107') ?? 'Kunle Adeyemi',
      amount: 20000,
      description: 'Monthly rent share',
      scheduleDate: inDays(5),
      interval: 'MONTHLY',
      repeatPayment: 6,
      runsDone: 0,
    }),
    base({
      transferType: 'OTHER_BANK',
      destinationAccountNumber: '9000000014',
      destinationAccountName: 'Adaeze Nwosu',
      destinationBankCode: '000013',
      destinationBankName: bankNameOf('000013') ?? 'Guaranty Trust Bank',
      amount: 7500,
      description: 'School fees',
      scheduleDate: inDays(-3),
      runsDone: 1,
      status: 'COMPLETED',
    }),
    base({
      destinationAccountNumber: '2030000114',
      destinationAccountName: koboName('2030000114') ?? 'Ngozi Okonkwo',
      amount: 150000,
      description: 'Car loan',
      scheduleDate: inDays(-10),
      status: 'FAILED',
      failureReason: 'Insufficient funds',
    }),
  ]
  if (accounts.length > 1) {
    list.push(
      base({
        transferType: 'OWN_ACCOUNT',
        destinationAccountNumber: accounts[1].accountNumber,
        destinationAccountName: accounts[1].accountName,
        amount: 50000,
        description: 'Savings top-up',
        scheduleDate: inDays(12),
        interval: 'WEEKLY',
        repeatPayment: 4,
        approved: false,
      }),
    )
  }
  return list
}

/** The persona's scheduled payments (seeded on first use). */
export function schedulesOf(persona: Persona): ScheduledPayment[] {
  let list = schedules.get(persona.key)
  if (!list) {
    list = seed(persona)
    schedules.set(persona.key, list)
  }
  return list
}

