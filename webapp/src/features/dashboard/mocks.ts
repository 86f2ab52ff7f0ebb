/**
 * MSW handler for the dashboard summary. Balances come from the persona's
 * accounts; the recent activity is a small fixed story, dated relative to
 * today so the "this week" figures look plausible in a demo.
 */
import { http, HttpResponse } from 'msw'
import type { ClientSummary, DashboardScheduledPayment, RecentTransaction } from '../../api/types'
import type { Persona } from '../../mocks/personas'
import { bankOf } from '../accounts/mockBank'
import { schedulesOf } from '../scheduledPayments/mockSchedules'
import { dayKey } from '../../store/schedules/schedule'
import type { DashboardScheduleExtras } from './components/ScheduledPaymentsCard'
import { personaFromRequest, problem, SESSION_EXPIRED } from '../../mocks/session'

const pad = (n: number) => String(n).padStart(2, '0')

/** `dd-mm-yyyy hh:mm:ss`, the wire format of customer-facing date-times. */
export function wireDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`
}

function daysAgo(days: number, hours: number, minutes: number): string {
  const date = new Date()
  date.setDate(date.getDate() - days)
  date.setHours(hours, minutes, 0, 0)
  return wireDate(date)
}

function recentTransactionsOf(persona: Persona): RecentTransaction[] {
  if (persona.accounts.every((a) => a.openingBalanceKobo === 0)) return []
  const me = `${persona.firstName} ${persona.lastName}`
  return [
    { amount: 25000, date: daysAgo(0, 9, 14), transactionType: 'CREDIT', beneficiaryAccount: persona.accounts[0].accountNumber, sender: 'Chinedu Obi', narration: 'From Chinedu Obi', status: 'COMPLETED', referenceNumber: '1a2b3c4d5e604c1d9a2e5b6c7d8e9f01', counterpartyName: 'Chinedu Obi', counterpartyBank: 'Kobo' },
    { amount: 4500.5, date: daysAgo(1, 18, 2), transactionType: 'DEBIT', beneficiaryAccount: '0123456789', sender: me, narration: 'Transfer to Ifeoma Chukwu, Access Bank', status: 'COMPLETED', referenceNumber: '9e8d7c6b5a414c1d9a2e5b6c7d8e9f01', counterpartyName: 'Ifeoma Chukwu', counterpartyBank: 'Access Bank' },
    { amount: 12000, date: daysAgo(2, 12, 40), transactionType: 'DEBIT', beneficiaryAccount: '2030000017', sender: me, narration: 'Transfer to Kunle Adeyemi, Guaranty Trust Bank', status: 'PENDING', referenceNumber: '7f3a9c21e0b44c1d9a2e5b6c7d8e9f01', counterpartyName: 'Kunle Adeyemi', counterpartyBank: 'Guaranty Trust Bank' },
    { amount: 1500, date: daysAgo(3, 8, 5), transactionType: 'DEBIT', beneficiaryAccount: '08099990002', sender: me, narration: 'MTN airtime, 08099990002', status: 'FAILED', referenceNumber: '2b81d5e6f0934c1d9a2e5b6c7d8e9f01', counterpartyName: 'MTN', counterpartyBank: null },
    { amount: 150000, date: daysAgo(5, 16, 30), transactionType: 'CREDIT', beneficiaryAccount: persona.accounts[0].accountNumber, sender: 'Lagos Tech Hub Ltd', narration: 'From Lagos Tech Hub Ltd', status: 'COMPLETED', referenceNumber: '0c1d2e3f4a524c1d9a2e5b6c7d8e9f01', counterpartyName: 'Lagos Tech Hub Ltd', counterpartyBank: 'Zenith Bank' },
  ]
}

/** The next scheduled payments, then finished ones, as the BFF lists them (at most 5). */
function scheduledPaymentsOf(persona: Persona): (DashboardScheduledPayment & DashboardScheduleExtras)[] {
  return [...schedulesOf(persona)]
    .sort((a, b) => Number(a.status !== 'PENDING') - Number(b.status !== 'PENDING') || dayKey(a.scheduleDate) - dayKey(b.scheduleDate))
    .slice(0, 5)
    .map((s) => ({
      amount: s.amount,
      beneficiaryAccount: s.destinationAccountNumber,
      beneficiaryName: s.destinationAccountName,
      type: s.transferType,
      status: s.status,
      uuid: s.uuid,
      scheduleDate: s.scheduleDate,
    }))
}

export function summaryOf(persona: Persona): ClientSummary {
  const accounts = bankOf(persona).accounts
  const total = accounts.reduce((sum, a) => sum + Math.round(a.availableBalance * 100), 0) / 100
  const recentTransactions = recentTransactionsOf(persona)
  const count = (status: RecentTransaction['status']) => recentTransactions.filter((t) => t.status === status).length
  const sum = (type: RecentTransaction['transactionType']) =>
    recentTransactions
      .filter((t) => t.transactionType === type && t.status === 'COMPLETED')
      .reduce((s, t) => s + t.amount, 0)
  return {
    accounts,
    totalCurrentBalance: total,
    totalAvailableBalance: total,
    weeklyTransactionSummary: {
      failedTransactions: count('FAILED'),
      pendingTransactions: count('PENDING'),
      completedTransactions: count('COMPLETED'),
      inwards: sum('CREDIT'),
      outwards: sum('DEBIT'),
    },
    recentTransactions,
    scheduledPayments: scheduledPaymentsOf(persona),
  }
}

export const dashboardHandlers = [
  http.get('/api/client-summary', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return problem(401, SESSION_EXPIRED, 'Unauthorized')
    return HttpResponse.json<ClientSummary>(summaryOf(persona))
  }),
]
