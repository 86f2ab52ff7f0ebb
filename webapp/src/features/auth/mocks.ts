/**
 * Mock routes for sign-in: any persona with internet banking signs in with its e-mail or
 * phone and its password (`Kobo@2026`); the code is 123456. A registered user who has not
 * verified the e-mail is stopped with 403 EMAIL_NOT_VERIFIED, as the BFF does.
 */
import { http, HttpResponse } from 'msw'
import { MOCK_OTP, findPersonaByLogin, personas, userIdOf, userUUIDOf, type Persona } from '../../mocks/personas'
import { MOCK_RP, mockChallenge, mockPasskeys } from '../../mocks/passkeys'
import { bearerToken, problem, revokeToken, tokenFor } from '../../mocks/session'
import { loadSaved, syncPersonas } from '../../mocks/state'

export const AUTH = '/auth/ibanking/personal'
export const EMAIL_NOT_VERIFIED_DETAIL = 'Please verify your email address. We have sent a new code to your email.'

export const PASSKEY_SIGN_IN_REFUSED = 'We could not sign you in with this passkey. Please sign in with your password.'

/** The session answer, after the code step or a passkey. */
function sessionOf(persona: Persona) {
  const { role, onboardingComplete, twoFactorAuthentication } = persona.internetBanking!
  return {
    tokenDTO: { accessToken: tokenFor(persona), tokenType: 'Bearer', expiresIn: 300 },
    onboardingComplete,
    role,
    userId: userIdOf(persona),
    userUUID: userUUIDOf(persona),
    firstName: persona.firstName,
    lastName: persona.lastName,
    email: persona.email,
    phoneNumber: persona.phoneNumber,
    twoFactorAuthentication,
  }
}

export const authHandlers = [
  http.post(`${AUTH}/login`, async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string }
    const saved = loadSaved()
    syncPersonas(saved)
    const login = String(body.email ?? '').trim().toLowerCase()
    const unverified = saved.registrations.find((r) => !r.verified && (r.email === login || r.phoneNumber === login))
    if (unverified && unverified.password === body.password) {
      return problem(403, EMAIL_NOT_VERIFIED_DETAIL, 'Forbidden', { code: 'EMAIL_NOT_VERIFIED', email: unverified.email })
    }
    const persona = findPersonaByLogin(login)
    if (!persona?.internetBanking || persona.internetBanking.password !== body.password) {
      return problem(401, 'Invalid login credentials', 'Unauthorized')
    }
    return HttpResponse.json({ userId: userIdOf(persona), userUUID: userUUIDOf(persona), twoFactorAuthentication: persona.internetBanking.twoFactorAuthentication })
  }),

  http.post(`${AUTH}/otp-verification`, async ({ request }) => {
    const body = (await request.json()) as { userId?: number; userUUID?: string; otp?: string }
    syncPersonas()
    const persona = personas.find((p) => userIdOf(p) === body.userId && userUUIDOf(p) === body.userUUID)
    if (!persona?.internetBanking || body.otp !== MOCK_OTP) return problem(400, 'Invalid or expired OTP', 'Bad Request')
    return HttpResponse.json(sessionOf(persona))
  }),

  http.post(`${AUTH}/passkey/options`, () =>
    HttpResponse.json({
      options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, allowCredentials: [], userVerification: 'required' },
    }),
  ),

  // The credential's id picks the persona (a passkey registered in Settings in this tab).
  http.post(`${AUTH}/passkey/sign-in`, async ({ request }) => {
    const body = (await request.json()) as { credential?: { id?: string } }
    syncPersonas()
    const found = mockPasskeys.get(String(body.credential?.id ?? ''))
    const persona = found && personas.find((p) => p.key === found.personaKey)
    if (!found || !persona?.internetBanking) return problem(401, PASSKEY_SIGN_IN_REFUSED, 'Unauthorized')
    found.passkey.lastUsedAt = new Date().toISOString()
    return HttpResponse.json(sessionOf(persona))
  }),

  http.post(`${AUTH}/logout`, ({ request }) => {
    const token = bearerToken(request)
    if (token) revokeToken(token)
    return new HttpResponse(null, { status: 204 })
  }),
]
