/** Mock routes for accounts: list, types, open, and the two-step disable. */
import { http, HttpResponse } from 'msw'
import { ACCOUNT_TYPES, accountTypeName } from '../../mocks/personas'
import { awaitCode, codeSent, confirmCode, notFound, problem, signedIn } from '../../mocks/session'
import type { Account } from '../../api/types'
import type { Customer } from '../../mocks/state'
import { accountOpened } from '../../mocks/risk'
import { formatNaira } from '../../lib/format'

/** A new empty account (tests open one with this too). */
export function openAccount(c: Customer, typeId: number): Account {
  const account = { ...c.accounts[0], accountNumber: `10500000${String(c.accounts.filter((a) => a.accountNumber.startsWith('1050')).length + 1).padStart(2, '0')}`, accountTypeId: typeId, accountTypeName: accountTypeName(typeId), availableBalance: 0, ledgerBalance: 0, status: 'ACTIVE' as const }
  c.accounts.push(account)
  accountOpened(account.accountNumber)
  return account
}

export const accountsHandlers = [
  http.get('/api/accounts', signedIn(({ c }) => HttpResponse.json(c.accounts))),
  http.get('/api/accounts/types', signedIn(() => HttpResponse.json(ACCOUNT_TYPES))),

  http.post('/api/accounts', signedIn(({ c, body }) => {
    if (!ACCOUNT_TYPES.some((t) => t.id === body.accountTypeId)) return problem(400, 'Choose a valid account type', 'Bad Request')
    return HttpResponse.json({ message: 'Account created successfully', account: openAccount(c, body.accountTypeId) }, { status: 201 })
  })),

  http.post('/api/accounts/:accountNumber/disable', signedIn(({ c, params }) => {
    const account = c.accounts.find((a) => a.accountNumber === params.accountNumber)
    if (!account) return notFound('Account')
    if (account.availableBalance !== 0) return problem(409, `Move the money out of this account before disabling it: its balance is ${formatNaira(account.availableBalance)}`, 'Conflict')
    awaitCode(c, `disable:${account.accountNumber}`, () => {
      account.status = 'DISABLED'
      return HttpResponse.json({ message: 'Account disabled successfully' })
    })
    return HttpResponse.json(codeSent(c))
  })),

  http.post('/api/accounts/:accountNumber/disable/confirm', signedIn(({ c, params, body }) =>
    confirmCode(c, `disable:${params.accountNumber}`, body.otp, () => problem(400, 'Invalid or expired OTP', 'Bad Request')),
  )),
]
