/**
 * The simulator's scenario catalogue (fixtures/scenarios.json, the one file the simulator
 * reads too), so an offline developer and a tester on the real stack name an outcome the
 * same way: `nip.transfer.timeout-then-00`. Nothing here is a copy: ids, operations and
 * rules all come from the fixture.
 *
 * Appended to it, mock only: the states the back office puts a customer in on the real stack
 * (a reported problem in review, refunded, rejected…, an account frozen; docs/admin-api.md),
 * so an offline developer can see each one. The simulator does not know these ids (the BFF
 * refuses them in `X-Sim-Scenario`).
 */
import fixture from '../../../../fixtures/scenarios.json'

export interface ScenarioRule {
  effect: 'decline' | 'timeout' | 'delay' | 'pending' | 'unavailable' | 'malformed' | 'state'
  /** A `state` scenario's state: a dispute status (`IN_REVIEW`) or `FROZEN`. */
  state?: string
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
  /** Only the mocks take it (a state the back office sets on the real stack). */
  mockOnly?: boolean
}

const disputeState = (slug: string, state: string, label: string, customerSees: string): Scenario => ({
  id: `disputes.state.${slug}`,
  operation: 'disputes.state',
  outcome: `every reported problem is ${label}`,
  rule: { effect: 'state', state },
  customerSees,
  mockOnly: true,
})

/** Mock-only states (see above): each dispute status, and a frozen account. */
export const STATE_SCENARIOS: readonly Scenario[] = [
  disputeState('received', 'RECEIVED', 'Received', 'Received, with the answer-by time and the time left'),
  disputeState('in-review', 'IN_REVIEW', 'In review', 'In review, with the answer-by time; the conversation says a member of the team is looking into it'),
  disputeState('refunded', 'REFUNDED', 'Refunded', 'Refunded: the amount was refunded to the account, shown in history as a reversal'),
  disputeState('answered', 'ANSWERED', 'Answered', "Answered with what the payment itself says (the hold released, or where the money went)"),
  disputeState('rejected', 'REJECTED', 'Rejected', "Rejected, with the back office's reason"),
  {
    id: 'account.freeze.frozen',
    operation: 'account.freeze',
    outcome: 'the account is frozen',
    rule: { effect: 'state', state: 'FROZEN' },
    customerSees: 'Settings shows the account frozen; every transfer and bill payment is refused with the reason',
    mockOnly: true,
  },
]

export const SCENARIOS: readonly Scenario[] = [...(fixture as unknown as { catalogue: Scenario[] }).catalogue, ...STATE_SCENARIOS]

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
    case 'state': // not a money outcome (STATE_OPERATIONS): nothing settles
      return { kind: 'completed' }
    default:
      // timeout, unavailable, malformed: the bank does not know at once; a status query
      // later finds the money moved (the simulator's catalogue says the same).
      return { kind: 'pending', thenCompleted: true }
  }
}
