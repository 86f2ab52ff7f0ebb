/**
 * Which forced outcome applies to one request: the `X-Sim-Scenario` header (exactly as the
 * BFF takes it on the real stack, for one request), else what the developer chose for this
 * endpoint, for its simulator operation, or for every endpoint, in that order.
 */
import { scenarioById, type Scenario } from './catalogue'
import { EVERY_ENDPOINT, isGenericChoice, overrides, type GenericChoice } from './overrides'
import { endpointMatches, operationsOf } from './requestKinds'

export const SCENARIO_HEADER = 'X-Sim-Scenario'

export type Forced = { kind: 'scenario'; scenario: Scenario } | { kind: 'generic'; choice: GenericChoice }

/** Ids of the header that the catalogue does not know (the BFF refuses them with 400). */
export function unknownHeaderIds(request: Request): string[] {
  return headerIds(request).filter((id) => !scenarioById(id))
}

function headerIds(request: Request): string[] {
  return (request.headers.get(SCENARIO_HEADER) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

function toForced(choice: string): Forced | null {
  if (isGenericChoice(choice)) return { kind: 'generic', choice }
  const scenario = scenarioById(choice)
  return scenario ? { kind: 'scenario', scenario } : null
}

/** What is forced on this request, if anything. */
export function forcedOn(request: Request): Forced | null {
  const url = new URL(request.url)
  const operations = operationsOf(request.method, url.pathname)
  const fromHeader = headerIds(request)
    .map(scenarioById)
    .find((s) => s && operations.includes(s.operation))
  if (fromHeader) return { kind: 'scenario', scenario: fromHeader }
  const chosen = overrides()
  const forEndpoint = chosen.find((o) => endpointMatches(o.target, request.method, url.pathname))
  const forOperation = chosen.find((o) => operations.includes(o.target) && scenarioById(o.choice)?.operation === o.target)
  const forEvery = chosen.find((o) => o.target === EVERY_ENDPOINT)
  const choice = forEndpoint ?? forOperation ?? forEvery
  return choice ? toForced(choice.choice) : null
}

/** The catalogue scenario forced on this request for `operation` (money handlers ask). */
export function forcedScenario(request: Request, operation: string): Scenario | null {
  const forced = forcedOn(request)
  return forced?.kind === 'scenario' && forced.scenario.operation === operation ? forced.scenario : null
}
