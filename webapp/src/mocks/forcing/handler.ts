/**
 * The first MSW handler: applies what is forced on a request before any feature sees it.
 * Generic choices and the scenarios of operations that only read or look up are answered
 * here, as the BFF answers them; the money operations' scenarios (a transfer or a bill that
 * fails, completes or stays Pending, a payment the risk check warns of, holds or blocks) and a
 * selfie's verdict pass through to their feature's handler, which asks
 * `forcedScenario` and records the outcome in the mock state.
 */
import { delay, http, HttpResponse } from 'msw'
import { fieldErrors, problem } from '../session'
import { forcedOn, unknownHeaderIds } from './forced'
import { FEATURE_OPERATIONS, STATE_OPERATIONS } from './requestKinds'
import { emptyAnswer } from './emptyAnswer'
import type { Scenario } from './catalogue'

/** "Slow network": long enough to see every spinner and skeleton. */
export const SLOW_MS = 3000
export const SERVER_ERROR = 'Something went wrong on our side. Please try again.'
export const UNAVAILABLE = 'This service is not available right now. Please try again shortly.'
/** What the BFF says when the core does not answer a read of the customer's accounts or
 * transactions (`CORE_DOWN` in bff/accounts/service.py and bff/history/service.py). */
export const ACCOUNTS_UNREACHABLE = 'We could not reach your accounts right now. Please try again shortly.'
export const TRANSACTIONS_UNREACHABLE = 'We could not reach your transactions right now. Please try again shortly.'

/** A look-up the core did not answer (timeout, unavailable, malformed), worded as the BFF words it. */
function unreachable(scenario: Scenario, pathname: string) {
  if (scenario.operation !== 'accounts.read') return problem(503, UNAVAILABLE, 'Service Unavailable')
  const history = pathname.startsWith('/api/ibanking/personal/transactions')
  return problem(503, history ? TRANSACTIONS_UNREACHABLE : ACCOUNTS_UNREACHABLE, 'Service Unavailable')
}

/** What the customer is told when a look-up is declined (never the code itself). */
function declined(scenario: Scenario, pathname: string) {
  switch (scenario.operation) {
    case 'nip.name_inquiry':
      return fieldErrors([{ field: 'accountNumber', message: 'Invalid account details' }])
    case 'bills.validate': {
      const field = pathname.includes('cabletv') ? 'smartCardNumber' : 'meterNumber'
      const what = field === 'meterNumber' ? 'meter' : 'smart card'
      const detail = `We could not find this ${what}. Check the number and the provider.`
      return fieldErrors([{ field, message: detail }])
    }
    case 'identity.bvn':
    case 'identity.nin': {
      const field = scenario.operation === 'identity.bvn' ? 'bvn' : 'nin'
      const detail = `We could not verify this ${field.toUpperCase()}. Check the number and try again.`
      return fieldErrors([{ field, message: detail }])
    }
    case 'messaging.send':
      return problem(503, 'We could not send your code. Please try again.', 'Service Unavailable')
    default:
      return problem(503, UNAVAILABLE, 'Service Unavailable')
  }
}

export const forcingHandler = http.all('*', async ({ request }) => {
  const url = new URL(request.url)
  if (!/^\/(api|auth)\//.test(url.pathname)) return undefined
  const unknown = unknownHeaderIds(request)
  if (unknown.length) return problem(400, `Unknown scenario ${unknown.join(', ')}`, 'Bad Request')
  const forced = forcedOn(request)
  if (!forced) return undefined
  if (forced.kind === 'generic') {
    if (forced.choice === 'offline') return HttpResponse.error()
    if (forced.choice === 'server-error') return problem(500, SERVER_ERROR, 'Internal Server Error')
    if (forced.choice === 'empty') {
      const empty = emptyAnswer(request.method, url.pathname)
      return empty === undefined ? undefined : HttpResponse.json(empty)
    }
    await delay(SLOW_MS)
    return undefined
  }
  const { scenario } = forced
  if (scenario.rule.effect === 'delay') await delay(scenario.rule.delayMs ?? 0)
  if (scenario.rule.effect === 'delay' || FEATURE_OPERATIONS.has(scenario.operation) || STATE_OPERATIONS.has(scenario.operation)) return undefined
  if (scenario.rule.effect === 'decline') return declined(scenario, url.pathname)
  // timeout, unavailable, malformed: the BFF gives up on the core and says so.
  if (scenario.operation === 'messaging.send') return declined(scenario, url.pathname)
  return unreachable(scenario, url.pathname)
})
