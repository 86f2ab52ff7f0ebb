/**
 * Liveness in the mocks (docs/contract.md §16.6): a selfie checked against the BVN photo, at
 * onboarding (kept with the onboarding in localStorage, src/features/onboarding/mocks.ts) and
 * for a profile that comes back (here: unfrozen by the customer, as on the real stack; kept
 * until the state is reset). Every picture passes unless a scenario says otherwise:
 * `identity.liveness.fail` (no match) or `.spoof` (not a live photo) on the POST, as
 * `?scenario=`, the dev panel or `X-Sim-Scenario`; the third failed try is referred to a person.
 */
import { http, HttpResponse } from 'msw'
import { forcedScenario } from './forcing/forced'
import { fieldErrors, problem, signedIn } from './session'
import { onReset, type Customer, type S } from './state'

export type Liveness = S['LivenessOut']
export type Check = { status: 'REQUIRED' | 'PASSED' | 'FAILED' | 'REFERRED'; attempts: number; spoof?: boolean }

const TRIES = 3
const MESSAGES = {
  REQUIRED: 'Take a selfie so we can check it is really you. Face the camera in good light, without glasses or a hat.',
  PASSED: 'Thank you. Your selfie matches your BVN photo.',
  REFERRED:
    'We could not check your selfie automatically, so a member of our team will compare it with your BVN photo. We will tell you by e-mail, usually within one working day.',
  NOT_REQUIRED: 'There is nothing to confirm.',
}
const NO_MATCH = 'We could not match your selfie to your BVN photo. Face the camera in good light, without glasses or a hat, and try again.'
const NOT_LIVE = 'This does not look like a live photo of you. Take a new selfie with your camera, not a photo of a screen or a printed photo, and try again.'
export const SELFIE_REQUIRED = "Please confirm it is you with a selfie before you send money: Settings, Security, Confirm it's you."

/** What a check reads as on the wire (no check yet: `none`). */
export function livenessOf(check: Check | undefined, none: 'REQUIRED' | 'NOT_REQUIRED'): Liveness {
  if (!check) return { status: none, attemptsLeft: TRIES, message: MESSAGES[none] }
  const attemptsLeft = Math.max(TRIES - check.attempts, 0)
  if (check.status === 'FAILED') return { status: 'FAILED', attemptsLeft, message: check.spoof ? NOT_LIVE : NO_MATCH }
  return { status: check.status, attemptsLeft, message: MESSAGES[check.status] }
}

/** One try at `check` (changed in place): the answer, or the refusal (not a photo, already checked). */
export function trySelfie(request: Request, check: Check, image: unknown): Response {
  if (typeof image !== 'string' || !/^data:image\/(jpeg|png);base64,/.test(image)) return fieldErrors([{ field: 'image', message: 'Upload a JPEG or PNG photo' }])
  if (check.status === 'PASSED' || check.status === 'REFERRED') return problem(409, 'Your selfie is already checked', 'Conflict')
  const forced = forcedScenario(request, 'identity.liveness')?.id
  const failed = forced === 'identity.liveness.fail' || forced === 'identity.liveness.spoof'
  check.attempts += 1
  check.spoof = forced === 'identity.liveness.spoof'
  check.status = !failed ? 'PASSED' : check.attempts >= TRIES ? 'REFERRED' : 'FAILED'
  return HttpResponse.json(livenessOf(check, 'REQUIRED'))
}

/** A returning profile's check (signed-in Settings › Security › Confirm it's you). */
const returning = new Map<Customer, Check>()
onReset(() => returning.clear())

/** The profile came back (unfrozen by the customer): a selfie before money leaves again. */
export const requireSelfie = (c: Customer) => returning.set(c, { status: 'REQUIRED', attempts: 0 })
/** Payments wait until the selfie passes (a referred one, until a person approves it). */
export const selfieRequired = (c: Customer) => {
  const check = returning.get(c)
  return Boolean(check) && check!.status !== 'PASSED'
}

const RETURNING = '/api/ibanking/personal/liveness'
export const livenessHandlers = [
  http.get(RETURNING, signedIn(({ c }) => HttpResponse.json(livenessOf(returning.get(c), 'NOT_REQUIRED')))),
  http.post(RETURNING, signedIn(({ c, request, body }) => {
    const check = returning.get(c)
    if (!check) return problem(409, 'Your selfie is already checked', 'Conflict')
    return trySelfie(request, check, body.image)
  })),
]
