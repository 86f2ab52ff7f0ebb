import type { Endpoint } from '../../api/client'
import type { ClientSummary } from '../../api/types'

export const clientSummaryEndpoint = (): Endpoint<ClientSummary> => ({ method: 'GET', path: '/api/client-summary' })
