import type { Endpoint } from '../../api/client'
import type { Account } from '../../api/types'

export const accountsEndpoint = (): Endpoint<Account[]> => ({ method: 'GET', path: '/api/accounts' })
