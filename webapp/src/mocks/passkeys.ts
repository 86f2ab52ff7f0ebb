/**
 * Passkeys in the mocks: which persona registered which credential id (for this tab's
 * life). The mock trusts the browser's answer — only the BFF checks signatures — so
 * `dev:mock` shows the screens and their states, never the cryptography.
 */
import { HttpResponse } from 'msw'
import type { Passkey } from '../api/types'
import { problem } from './session'
import { onReset } from './state'

export interface MockPasskey {
  personaKey: string
  passkey: Passkey
}

export const mockPasskeys = new Map<string, MockPasskey>()
onReset(() => mockPasskeys.clear())

export const passkeysOf = (personaKey: string): Passkey[] =>
  [...mockPasskeys.values()].filter((p) => p.personaKey === personaKey).map((p) => p.passkey)

/** A challenge-shaped random value (base64url), as the BFF's options carry one. */
export function mockChallenge(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export const MOCK_RP = { id: 'localhost', name: 'Kobo' }

export const PASSKEY_REFUSED = 'We could not verify your passkey. Please try again, or use a code instead.'
export const NO_PASSKEY = 'You have no passkey yet. Add one in Settings, or use a code instead.'

/** An action's approval options (the BFF's `…/passkey-options`): this persona's passkeys
 * allowed, or the BFF's refusal when they have none. */
export function approvalOptions(personaKey: string) {
  const mine = [...mockPasskeys.entries()].filter(([, p]) => p.personaKey === personaKey)
  if (!mine.length) return problem(400, NO_PASSKEY, 'Bad Request')
  const allowCredentials = mine.map(([id]) => ({ id, type: 'public-key', transports: ['internal'] }))
  return HttpResponse.json({ options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, allowCredentials, userVerification: 'required' } })
}

/** A confirm's body carries a passkey approval of a registered credential (the mock trusts
 * the browser; the BFF checks the signature against the action). */
export const passkeyApproved = (body: { passkey?: { id?: unknown } | null }): boolean =>
  Boolean(body.passkey && mockPasskeys.has(String(body.passkey.id)))
