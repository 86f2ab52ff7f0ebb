/**
 * Mock route for the dashboard summary: the persona's accounts, this session's payments
 * and a small fixed story of recent activity (dated relative to today), and the next
 * scheduled payments.
 */
import { http, HttpResponse } from 'msw'
import type { ClientSummary, RecentTransaction } from '../../api/types'
import type { Persona } from '../../mocks/personas'
import { signedIn } from '../../mocks/session'
import { customerOf, daysFromNow, savingsTotalOf, wireDate } from '../../mocks/state'

const STORY: [number, number, 'CREDIT' | 'DEBIT', string, string, string, string | null][] = [
  [0, 25000, 'CREDIT', 'COMPLETED', '1a2b3c4d5e604c1d9a2e5b6c7d8e9f01', 'Chinedu Obi', 'Kobo'],
  [1, 4500.5, 'DEBIT', 'COMPLETED', '9e8d7c6b5a414c1d9a2e5b6c7d8e9f01', 'Ifeoma Chukwu', 'Access Bank'],
  [2, 12000, 'DEBIT', 'PENDING', '7f3a9c21e0b44c1d9a2e5b6c7d8e9f01', 'Kunle Adeyemi', 'Guaranty Trust Bank'],
  [3, 1500, 'DEBIT', 'FAILED', '2b81d5e6f0934c1d9a2e5b6c7d8e9f01', 'MTN', null],
  [5, 150000, 'CREDIT', 'COMPLETED', '0c1d2e3f4a524c1d9a2e5b6c7d8e9f01', 'Lagos Tech Hub Ltd', 'Zenith Bank'],
]

const dayKey = (s: { scheduleDate: string }) => Number(s.scheduleDate.split('-').reverse().join(''))

export function summaryOf(persona: Persona): ClientSummary {
  const c = customerOf(persona)
  const me = `${persona.firstName} ${persona.lastName}`
  const fresh: RecentTransaction[] = c.transactions.filter((l) => l.fresh).map((l) => ({
    amount: l.amount, date: `${l.dateCreated} ${l.timeCreated}:00`, transactionType: l.transactionType as 'CREDIT' | 'DEBIT', beneficiaryAccount: l.destinationAccountNumber ?? '',
    sender: l.sourceAccountName ?? me, narration: l.narration, status: l.status as 'COMPLETED', referenceNumber: l.referenceNumber, counterpartyName: l.counterpartyName, counterpartyBank: l.counterpartyBank,
  }))
  const story: RecentTransaction[] = c.accounts.every((a) => a.availableBalance === 0) ? [] : STORY.map(([days, amount, type, status, ref, name, bank]) => ({
    amount, date: wireDate(daysFromNow(-days)), transactionType: type, beneficiaryAccount: type === 'CREDIT' ? c.accounts[0].accountNumber : '2030000017',
    sender: type === 'CREDIT' ? name : me, narration: type === 'CREDIT' ? `From ${name}` : `Transfer to ${name}`, status: status as 'COMPLETED', referenceNumber: ref, counterpartyName: name, counterpartyBank: bank,
  }))
  const recent = [...fresh, ...story].slice(0, 5)
  const total = c.accounts.reduce((sum, a) => sum + Math.round(a.availableBalance * 100), 0) / 100
  const count = (status: string) => recent.filter((t) => t.status === status).length
  const sum = (type: string) => recent.filter((t) => t.transactionType === type && t.status === 'COMPLETED').reduce((s, t) => s + t.amount, 0)
  return {
    accounts: c.accounts,
    totalCurrentBalance: total,
    totalAvailableBalance: total,
    totalSavings: savingsTotalOf(persona.key),
    weeklyTransactionSummary: { failedTransactions: count('FAILED'), pendingTransactions: count('PENDING'), completedTransactions: count('COMPLETED'), inwards: sum('CREDIT'), outwards: sum('DEBIT') },
    recentTransactions: recent,
    scheduledPayments: [...c.schedules].sort((a, b) => Number(a.status !== 'PENDING') - Number(b.status !== 'PENDING') || dayKey(a) - dayKey(b)).slice(0, 5).map((s) => ({
      amount: s.amount, beneficiaryAccount: s.destinationAccountNumber, beneficiaryName: s.destinationAccountName, type: s.transferType, status: s.status, uuid: s.uuid, scheduleDate: s.scheduleDate,
    })),
  }
}

export const dashboardHandlers = [http.get('/api/client-summary', signedIn(({ persona }) => HttpResponse.json(summaryOf(persona))))]
