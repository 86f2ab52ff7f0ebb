/**
 * What every mock route shares: who is signed in, problem answers, and the code step.
 * Tokens are stateless (`mock-token.<persona>`) so that reloading the page in `dev:mock`
 * keeps the user signed in; only logged-out tokens are remembered (until reload).
 */
import { HttpResponse } from 'msw'
import type { ProblemDetails } from '../api/types'
import { personas, type Persona } from './personas'
import { MOCK_OTP, customerOf, resetMockState, saveStateInTab, type Customer } from './state'

const TOKEN_PREFIX = 'mock-token.'
const revoked = new Set<string>()

export const tokenFor = (persona: Persona) => `${TOKEN_PREFIX}${persona.key}`
export const revokeToken = (token: string) => revoked.add(token)

/** Forget revoked tokens and the whole mock bank; tests call this between cases. */
export function resetMockSessions(): void {
  revoked.clear()
  resetMockState()
}

/** An RFC 9457 problem document, as the BFF answers every refusal. */
export function problem(status: number, detail: string, title = 'Error', extra: Record<string, unknown> = {}) {
  const body = { type: 'about:blank', title, status, detail, ...extra } satisfies ProblemDetails
  return HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } })
}

/** A 400 (or `status`) naming the fields at fault; the first one's message is the detail. */
export function fieldErrors(errors: { field: string; message: string }[], status = 400) {
  return problem(status, errors[0].message, 'Bad Request', { errors })
}
export const required = (...fields: string[]) => fieldErrors(fields.map((field) => ({ field, message: 'This field is required' })))
export const notFound = (what: string) => problem(404, `${what} not found`, 'Not Found')

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? ''
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null
}

/** The signed-in persona, or null when the token is missing, unknown or revoked. */
export function personaFromRequest(request: Request): Persona | null {
  const token = bearerToken(request)
  if (!token || revoked.has(token) || !token.startsWith(TOKEN_PREFIX)) return null
  return personas.find((p) => p.key === token.slice(TOKEN_PREFIX.length) && p.internetBanking) ?? null
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.'
export const unauthorized = () => problem(401, SESSION_EXPIRED, 'Unauthorized')

export interface Call {
  request: Request
  params: Record<string, string | readonly string[] | undefined>
  persona: Persona
  c: Customer
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request bodies are checked by the screens, not here
  body: any
}

/** A route for signed-in customers: 401 without a session, the JSON body read (or `{}`). */
export function signedIn(handler: (call: Call) => Response | Promise<Response>) {
  return async ({ request, params }: { request: Request; params: Call['params'] }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = ['GET', 'DELETE'].includes(request.method) ? {} : await request.clone().json().catch(() => ({}))
    const answer = await handler({ request, params, persona, c: customerOf(persona), body: body ?? {} })
    saveStateInTab()
    return answer
  }
}

export const OTP_SENT = 'Enter the OTP sent to your registered email & phone number'
export const GOOGLE_PROMPT = 'Enter the verification code in your google authenticator app'
export const INVALID_OTP = 'Invalid or expired OTP'

/** The "where is my code" answer of a code-confirmed action's first call. */
export const codeSent = (c: Customer) => ({
  message: c.twoFactor === 'GOOGLE_AUTHENTICATOR' ? GOOGLE_PROMPT : OTP_SENT,
  twoFactorAuthentication: c.twoFactor,
})

/** Remembers what the code confirms under `id`. */
export function awaitCode(c: Customer, id: string, action: () => Response): void {
  c.awaiting.set(id, action)
}

/** Runs what waited under `id` when the code is 123456; `missing` answers an unknown id. */
export function confirmCode(c: Customer, id: unknown, code: unknown, missing: () => Response): Response {
  const action = c.awaiting.get(String(id))
  if (!action) return missing()
  if (code !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
  c.awaiting.delete(String(id))
  return action()
}
