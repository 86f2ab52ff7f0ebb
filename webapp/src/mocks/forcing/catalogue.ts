/**
 * The simulator's scenario catalogue (fixtures/scenarios.json, the one file the simulator
 * reads too), so an offline developer and a tester on the real stack name an outcome the
 * same way: `nip.transfer.timeout-then-00`. Nothing here is a copy: ids, operations and
 * rules all come from the fixture.
 */
import fixture from '../../../../fixtures/scenarios.json'

export interface ScenarioRule {
  effect: 'decline' | 'timeout' | 'delay' | 'pending' | 'unavailable' | 'malformed'
  responseCode?: string
  pendingOutcome?: string
  delayMs?: number
  resolveAfterMs?: number
}

export interface Scenario {
  id: string
  /** The simulator operation it applies to, e.g. `nip.transfer`. */
  operation: string
  outcome: string
  rule: ScenarioRule
  customerSees: string
}

export const SCENARIOS: readonly Scenario[] = (fixture as unknown as { catalogue: Scenario[] }).catalogue

const byId = new Map(SCENARIOS.map((s) => [s.id, s]))

export function scenarioById(id: string): Scenario | undefined {
  return byId.get(id)
}

/** Every operation of the catalogue, in the order it first appears. */
export const OPERATIONS: readonly string[] = [...new Set(SCENARIOS.map((s) => s.operation))]

/**
 * How a scenario ends for the customer, in the mock's own terms: a money operation either
 * fails at once, completes, or stays Pending and later settles one way or the other.
 */
export function settlementOf(rule: ScenarioRule): { kind: 'declined'; code: string } | { kind: 'completed' } | { kind: 'pending'; thenCompleted: boolean } {
  switch (rule.effect) {
    case 'decline':
      return { kind: 'declined', code: rule.responseCode ?? '96' }
    case 'delay':
      return { kind: 'completed' }
    case 'pending':
      return { kind: 'pending', thenCompleted: (rule.pendingOutcome ?? '00') === '00' }
    default:
      // timeout, unavailable, malformed: the bank does not know at once; a status query
      // later finds the money moved (the simulator's catalogue says the same).
      return { kind: 'pending', thenCompleted: true }
  }
}
