/** MSW handlers for accounts: list, types, open, and the two-step disable. */
import { http, HttpResponse } from 'msw'
import type { Account } from '../../api/types'
import { personaFromRequest, problem, SESSION_EXPIRED } from '../../mocks/session'
import { MOCK_ACCOUNT_TYPE_LIST, MOCK_OTP, bankOf, openAccount } from './mockBank'
import type { AccountCreated, AccountType, CodeSent, MessageResponse } from '../../api/accountTypes'

export const unauthorized = () => problem(401, SESSION_EXPIRED, 'Unauthorized')
export const OTP_SENT = 'Enter the OTP sent to your registered email & phone number'
export const GOOGLE_PROMPT = 'Enter the verification code in your google authenticator app'
export const INVALID_OTP = 'Invalid or expired OTP'

/** The "where is my code" answer of a code-confirmed action's first call. */
export function codeSent(twoFactor: 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'): CodeSent {
  return { message: twoFactor === 'GOOGLE_AUTHENTICATOR' ? GOOGLE_PROMPT : OTP_SENT, twoFactorAuthentication: twoFactor }
}

const naira = (amount: number) =>
  `₦${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

export const accountsHandlers = [
  http.get('/api/accounts', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<Account[]>(bankOf(persona).accounts)
  }),

  http.get('/api/accounts/types', ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    return HttpResponse.json<AccountType[]>(MOCK_ACCOUNT_TYPE_LIST)
  }),

  http.post('/api/accounts', async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { accountTypeId?: number }
    if (!MOCK_ACCOUNT_TYPE_LIST.some((t) => t.id === body.accountTypeId)) {
      return problem(400, 'Choose a valid account type', 'Bad Request')
    }
    const account = openAccount(persona, body.accountTypeId!)
    return HttpResponse.json<AccountCreated>({ message: 'Account created successfully', account }, { status: 201 })
  }),

  http.post('/api/accounts/:accountNumber/disable', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const bank = bankOf(persona)
    const account = bank.accounts.find((a) => a.accountNumber === params.accountNumber)
    if (!account) return problem(404, 'Account not found', 'Not Found')
    if (account.status !== 'ACTIVE') return problem(409, 'This account is already disabled', 'Conflict')
    if (account.availableBalance !== 0) {
      return problem(
        409,
        `Move the money out of this account before disabling it: its balance is ${naira(account.availableBalance)}`,
        'Conflict',
      )
    }
    if (bank.accounts.filter((a) => a.status === 'ACTIVE').length === 1) {
      return problem(409, 'You cannot disable your only active account', 'Conflict')
    }
    bank.pendingDisable.add(account.accountNumber)
    return HttpResponse.json<CodeSent>(codeSent(bank.twoFactor))
  }),

  http.post('/api/accounts/:accountNumber/disable/confirm', async ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const bank = bankOf(persona)
    const account = bank.accounts.find((a) => a.accountNumber === params.accountNumber)
    if (!account) return problem(404, 'Account not found', 'Not Found')
    const body = (await request.json()) as { otp?: string }
    if (!bank.pendingDisable.has(account.accountNumber) || body.otp !== MOCK_OTP) {
      return problem(400, INVALID_OTP, 'Bad Request')
    }
    bank.pendingDisable.delete(account.accountNumber)
    account.status = 'DISABLED'
    return HttpResponse.json<MessageResponse>({ message: 'Account disabled successfully' })
  }),
]
