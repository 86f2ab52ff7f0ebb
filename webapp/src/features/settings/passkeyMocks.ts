/**
 * Mock routes for passkeys in Settings: the code is 123456 (as everywhere in the mocks), the
 * options are shaped as the BFF's, and the browser's new credential is kept by its id so
 * that "Sign in with a passkey" finds the persona (src/mocks/passkeys.ts).
 */
import { http, HttpResponse } from 'msw'
import { INVALID_OTP, codeSent, notFound, problem, signedIn } from '../../mocks/session'
import { MOCK_OTP, nextId } from '../../mocks/state'
import { MOCK_RP, mockChallenge, mockPasskeys, passkeysOf } from '../../mocks/passkeys'
import { userUUIDOf } from '../../mocks/personas'

const BASE = '/api/ibanking/personal'

export const passkeyHandlers = [
  http.get(`${BASE}/passkeys`, signedIn(({ persona }) => HttpResponse.json(passkeysOf(persona.key)))),

  http.get(`${BASE}/2fa/passkey/generate`, signedIn(({ c }) => HttpResponse.json({ message: codeSent(c).message }))),

  http.post(`${BASE}/2fa/passkey/options`, signedIn(({ persona, body }) => {
    if (body.code !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    const userId = btoa(userUUIDOf(persona)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    return HttpResponse.json({
      options: {
        rp: MOCK_RP,
        user: { id: userId, name: persona.email, displayName: `${persona.firstName} ${persona.lastName}` },
        challenge: mockChallenge(),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
        timeout: 180_000,
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        attestation: 'none',
      },
    })
  })),

  http.post(`${BASE}/2fa/passkey/confirm`, signedIn(({ persona, body }) => {
    if (!body.id) return problem(400, 'We could not add this passkey. Please try again.', 'Bad Request')
    const passkey = { id: nextId(), name: body.name || 'Chrome on this device', createdAt: new Date().toISOString(), lastUsedAt: null, synced: false }
    mockPasskeys.set(String(body.id), { personaKey: persona.key, passkey })
    return HttpResponse.json({ message: 'Passkey added successfully', passkey }, { status: 201 })
  })),

  http.post(`${BASE}/passkeys/:id/rename`, signedIn(({ persona, params, body }) => {
    const entry = [...mockPasskeys.values()].find((p) => p.personaKey === persona.key && p.passkey.id === Number(params.id))
    if (!entry) return notFound('Passkey')
    const name = String(body.name ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
    if (!name) return problem(400, 'Enter a name for this passkey', 'Bad Request')
    entry.passkey = { ...entry.passkey, name }
    return HttpResponse.json(entry.passkey)
  })),

  http.post(`${BASE}/passkeys/:id/remove`, signedIn(({ persona, c, params, body }) => {
    const entry = ownPasskey(persona.key, params.id)
    if (!entry) return notFound('Passkey')
    if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
    // The mocks check no signatures (src/mocks/passkeys.ts): an assertion of this persona will do.
    if (!body.passkey) {
      if (!body.otp) return HttpResponse.json(codeSent(c), { status: 202 })
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    }
    mockPasskeys.delete(entry[0])
    return HttpResponse.json({ message: 'Passkey removed successfully' })
  })),

  http.post(`${BASE}/passkeys/:id/passkey-options`, signedIn(({ persona, params }) => {
    if (!ownPasskey(persona.key, params.id)) return notFound('Passkey')
    return HttpResponse.json({
      options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, userVerification: 'required', allowCredentials: [] },
    })
  })),
]

function ownPasskey(personaKey: string, id: unknown) {
  return [...mockPasskeys.entries()].find(([, p]) => p.personaKey === personaKey && p.passkey.id === Number(id))
}
