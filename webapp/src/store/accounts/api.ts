import type { Endpoint } from '../../api/client'
import type { Account, ClientSummary } from '../../api/types'
import type { AccountCreated, AccountType, CodeSent, MessageResponse } from '../../api/accountTypes'

export const clientSummaryEndpoint = (): Endpoint<ClientSummary> => ({ method: 'GET', path: '/api/client-summary' })

export const accountsEndpoint = (): Endpoint<Account[]> => ({ method: 'GET', path: '/api/accounts' })

export const accountTypesEndpoint = (): Endpoint<AccountType[]> => ({ method: 'GET', path: '/api/accounts/types' })

export const createAccountEndpoint = (accountTypeId: number): Endpoint<AccountCreated> => ({
  method: 'POST',
  path: '/api/accounts',
  body: { accountTypeId },
})

export const disableAccountEndpoint = (accountNumber: string): Endpoint<CodeSent> => ({
  method: 'POST',
  path: `/api/accounts/${encodeURIComponent(accountNumber)}/disable`,
})

export const confirmDisableEndpoint = (accountNumber: string, { otp }: { otp: string }): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `/api/accounts/${encodeURIComponent(accountNumber)}/disable/confirm`,
  body: { otp },
})
