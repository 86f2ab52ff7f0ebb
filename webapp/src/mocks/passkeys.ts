/**
 * Passkeys in the mocks: which persona registered which credential id (for this tab's
 * life). The mock trusts the browser's answer — only the BFF checks signatures — so
 * `dev:mock` shows the screens and their states, never the cryptography.
 */
import type { Passkey } from '../api/types'
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
