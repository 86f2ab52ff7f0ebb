import { http, HttpResponse } from 'msw'
import type { Account } from '../../api/types'
import { accountsOf } from '../../mocks/personas'
import { personaFromRequest, problem, SESSION_EXPIRED } from '../../mocks/session'

export const accountsHandlers = [
  http.get('/api/accounts', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return problem(401, SESSION_EXPIRED, 'Unauthorized')
    return HttpResponse.json<Account[]>(accountsOf(persona))
  }),
]
