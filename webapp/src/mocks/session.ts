/**
 * Shared MSW session helpers. Tokens are stateless (`mock-token.<persona>`)
 * so that reloading the page in `dev:mock` keeps the user signed in even
 * though the service worker's handlers restart; only logged-out tokens are
 * remembered (until reload).
 */
import { HttpResponse } from 'msw'
import type { ProblemDetails } from '../api/types'
import { personas, type Persona } from './personas'

const TOKEN_PREFIX = 'mock-token.'
const revoked = new Set<string>()

export function tokenFor(persona: Persona): string {
  return `${TOKEN_PREFIX}${persona.key}`
}

export function revokeToken(token: string): void {
  revoked.add(token)
}

/** Forget revoked tokens; tests call this between cases. */
export function resetMockSessions(): void {
  revoked.clear()
}

/** An RFC 9457 problem document, as the BFF answers every refusal. */
export function problem(status: number, detail: string, title = 'Error', extra: Record<string, unknown> = {}) {
  // `satisfies`, not HttpResponse.json<ProblemDetails>: a handler's answer type is the union
  // of what it returns, and a typed problem first would narrow it to problems only.
  const body = { type: 'about:blank', title, status, detail, ...extra } satisfies ProblemDetails
  return HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } })
}

/** A 400 (or `status`) naming the fields at fault; the first one's message is the detail. */
export function fieldErrors(errors: { field: string; message: string }[], status = 400) {
  return problem(status, errors[0].message, 'Bad Request', { errors })
}

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
