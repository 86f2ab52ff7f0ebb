/**
 * What the passkey-approval tests share: the assertion the stand-in for
 * @simplewebauthn/browser answers with, Ada's one registered passkey in the mocks, and a
 * `PublicKeyCredential` for jsdom, which has no WebAuthn (the pages offer a passkey only
 * where the browser has one). Each test file still mocks @simplewebauthn/browser itself:
 * vi.mock is hoisted per file.
 */
import { mockPasskeys } from '../mocks/passkeys'

export const ASSERTION = {
  id: 'cred-ada',
  rawId: 'cred-ada',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
  clientExtensionResults: {},
}

/** Ada has one passkey (the mocks' `cred-ada`). */
export const withPasskey = () =>
  mockPasskeys.set('cred-ada', {
    personaKey: 'ada',
    passkey: { id: 1, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: false },
  })

/** A `PublicKeyCredential` for this file's tests. */
export function stubPublicKeyCredential(): void {
  beforeAll(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}))
  afterAll(() => vi.unstubAllGlobals())
}
