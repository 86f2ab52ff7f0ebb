/**
 * Payment fraud in the mocks (docs/contract.md §16): the risk check's outcomes on a transfer,
 * the instant-transfer switch and the new-account cap, kept per persona until the state is
 * reset (not across a `dev:mock` reload).
 *
 * The risk check decides nothing by itself offline (no rules over amounts or habits): the
 * watch-list's magic account (GTBank 9000000083) is always blocked, and a forced
 * `risk.check.*` scenario (`?scenario=`, the dev panel or `X-Sim-Scenario` on the initiation)
 * gives the step-up, the hold or the block. `core.inflow.*` on a confirm fails it with the
 * core's code 34, as a flagged account's payment fails on the real stack.
 */
import { http, HttpResponse } from 'msw'
import { forcedScenario } from './forcing/forced'
import { approvalOptions, passkeyApproved, PASSKEY_REFUSED } from './passkeys'
import { INVALID_OTP, codeSent, fieldErrors, personaFromRequest, problem, signedIn } from './session'
import { formatNaira } from '../lib/format'
import { HOUR, MOCK_OTP, customerOf, lagosUntil, onReset, wireDate, type Customer, type S } from './state'

// --- the risk check (§16.1, §16.2) ---------------------------------------------------

export const WARNING: S['RiskWarningOut'] = {
  title: 'Check before you send',
  reasons: [],
  message:
    'Has anyone asked you to send this money, or told you what to say to your bank? Kobo will never ask you to move money to keep it safe, and will never ask for your code or password. If you are unsure, stop now.',
}
export const ACKNOWLEDGE = 'Please confirm that you have read the warning before you send'
export const HELD_MESSAGE =
  'This payment is waiting for a check by our team. The money is reserved in your account and has not been sent. We will tell you by SMS and e-mail when we decide.'
export const WATCH_LISTED =
  'This account has been reported to the banks as used for fraud, so Kobo will not send money to it. If someone asked you to pay it, do not pay them another way.'
/** The BFF's sentence for a forced block (bff/risk/rules.py, FORCED). */
export const FORCED_BLOCK = 'Kobo cannot send this payment. Please call customer service.'
const FORCED_STEP_UP = 'This payment is unusual for your profile.'
const NEW_PAYEE = 'You have not paid this account before.'
/** NIBSS's watch-list, as the simulator seeds it (fixtures/scenarios.json, docs/simulator.md). */
const MULE = { bankCode: '000013', accountNumber: '9000000083' }

export type Verdict = { outcome: 'BLOCK'; reason: string } | { outcome: 'STEP_UP'; warning: S['RiskWarningOut'] } | { outcome: 'HOLD' } | null

/** The risk check of one payment at its initiation (null: allowed); a bill has no payee
 * (its check leaves out the payee's rules). */
export function riskCheck(request: Request, c: Customer, payee: { destinationBankCode: string; destinationAccountNumber: string } | null): Verdict {
  const forced = forcedScenario(request, 'risk.check')?.id
  const mule = payee?.destinationBankCode === MULE.bankCode && payee.destinationAccountNumber === MULE.accountNumber
  if (mule || forced === 'risk.watch-list.mule') return { outcome: 'BLOCK', reason: WATCH_LISTED }
  if (forced === 'risk.check.block') return { outcome: 'BLOCK', reason: FORCED_BLOCK }
  if (forced === 'risk.check.hold') return { outcome: 'HOLD' }
  if (forced !== 'risk.check.step-up') return null
  const known = !payee || c.beneficiaries.some((b) => b.accountNumber === payee.destinationAccountNumber)
  return { outcome: 'STEP_UP', warning: { ...WARNING, reasons: known ? [FORCED_STEP_UP] : [FORCED_STEP_UP, NEW_PAYEE] } }
}

/** What the check decided at the initiation, by payment (or batch) id: payments waiting for
 * the warning's acknowledgement, and payments to hold for review at their confirm. */
export const warned = new Set<string>()
const toHold = new Set<string>()
onReset(() => {
  warned.clear()
  toHold.clear()
})

/** Keeps a verdict for the confirm; the warning the initiation answers with. */
export function remember(id: string, verdict: Verdict): S['RiskWarningOut'] | null {
  if (verdict?.outcome === 'HOLD') toHold.add(id)
  if (verdict?.outcome !== 'STEP_UP') return null
  warned.add(id)
  return verdict.warning
}

/** The confirm's refusal when the warning was not acknowledged (the code is not used up). */
export const unacknowledged = (id: string, body: { acknowledgeWarning?: boolean }) =>
  warned.has(id) && body.acknowledgeWarning !== true ? fieldErrors([{ field: 'acknowledgeWarning', message: ACKNOWLEDGE }]) : null

/** The payment is to be held for review at its confirm. */
export const held = (id: string) => toHold.has(id)

/** A confirm the core refuses with 34 (the account flagged for money coming in). */
export const inflowRefused = (request: Request) => forcedScenario(request, 'core.inflow') !== null

// --- the instant-transfer switch (§16.3) ---------------------------------------------

const INSTANT = '/api/ibanking/personal/instant-transfers'
export const SWITCHED_OFF_REFUSAL =
  'Instant transfers are switched off on your profile, so no transfer can leave it. Switch them on in Settings, under Security, with a code.'
const OFF_NOW =
  'Instant transfers are off. No transfer can leave your accounts for someone else until you switch them back on. Money sent to you still arrives.'

/** When each customer switched instant transfers off. */
const switchedOff = new Map<Customer, string>()
onReset(() => switchedOff.clear())

function instantState(c: Customer): S['InstantTransfersOut'] {
  const at = switchedOff.get(c) ?? null
  return at
    ? { enabled: false, switchedOffAt: at, message: 'Instant transfers are off: no transfer can leave your accounts for someone else. Switch them on with a code to send money again.' }
    : { enabled: true, switchedOffAt: null, message: "Instant transfers are on. Switch them off at once if you think someone else may use your profile; switching back on needs a code." }
}

const ALREADY_ON = () => problem(409, 'Instant transfers are already on', 'Conflict')

/** 409 for a transfer to someone else while the switch is off; otherwise on to the transfer's route. */
function refuseWhenSwitchedOff({ request }: { request: Request }) {
  const persona = personaFromRequest(request)
  if (!persona || !switchedOff.has(customerOf(persona))) return undefined
  return problem(409, SWITCHED_OFF_REFUSAL, 'Conflict')
}

/** Listed before the transfers' handlers (src/mocks/handlers.ts); own-account moves are not refused. */
export const switchedOffRefusals = ['intrabank', 'other-banks', 'bulk'].map((path) => http.post(`/api/transfer/${path}`, refuseWhenSwitchedOff))

// --- the new-account cap (§16.5) -----------------------------------------------------

const CAP_NAIRA = 20_000
/** Accounts opened in this session (Create Account): new for a day. */
const opened = new Map<string, number>()
onReset(() => opened.clear())
export const accountOpened = (accountNumber: string) => opened.set(accountNumber, Date.now())
/** As the BFF writes a cap's amounts: ₦20,000, ₦1,234.50. */
const naira = (amount: number) => formatNaira(amount).replace(/\.00$/, '')

function capsOf(c: Customer): S['AccountCapOut'][] {
  return c.accounts.flatMap((account) => {
    const at = opened.get(account.accountNumber)
    if (at === undefined || at + 24 * HOUR <= Date.now()) return []
    const spent = [...c.transfers.values()]
      .filter((t) => t.sourceAccountNumber === account.accountNumber && t.transferType !== 'OWN_ACCOUNT' && t.status !== 'AWAITING_OTP' && t.status !== 'FAILED')
      .reduce((sum, t) => sum + t.amount, 0)
    const left = Math.max(0, CAP_NAIRA - spent)
    const until = new Date(at + 24 * HOUR)
    return [{
      accountNumber: account.accountNumber,
      limit: CAP_NAIRA,
      left,
      endsAt: until.toISOString(),
      message: `Account ${account.accountNumber} is new: until ${lagosUntil(until)} (West Africa Time) it can send up to ${naira(CAP_NAIRA)} (${naira(left)} left).`,
    }]
  })
}

export const riskHandlers = [
  http.get(INSTANT, signedIn(({ c }) => HttpResponse.json(instantState(c)))),
  http.post(`${INSTANT}/off`, signedIn(({ c }) => {
    if (!switchedOff.has(c)) switchedOff.set(c, wireDate())
    return HttpResponse.json({ ...instantState(c), message: OFF_NOW })
  })),
  http.post(`${INSTANT}/on`, signedIn(({ c, body }) => {
    if (!switchedOff.has(c)) return ALREADY_ON()
    if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
    if (!body.otp && !body.passkey) return HttpResponse.json(codeSent(c), { status: 202 })
    if (body.passkey ? !passkeyApproved(body) : body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
    switchedOff.delete(c)
    return HttpResponse.json({ enabled: true, switchedOffAt: null, message: 'Instant transfers are on again.' })
  })),
  http.post(`${INSTANT}/on/passkey-options`, signedIn(({ c, persona }) => (switchedOff.has(c) ? approvalOptions(persona.key) : ALREADY_ON()))),
  http.get('/api/transfer/new-account-caps', signedIn(({ c }) => HttpResponse.json(capsOf(c)))),
]
