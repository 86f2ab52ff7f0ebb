/**
 * MSW handlers for sign-in: any persona with internet banking signs in with
 * its e-mail or phone and `Kobo@2026`; the code `123456` is accepted.
 */
import { http, HttpResponse } from 'msw'
import type { LoginRequest, LoginResponse, OtpVerificationRequest, SessionResponse } from '../../api/types'
import { MOCK_OTP, findPersonaByLogin, personas, userIdOf, userUUIDOf } from '../../mocks/personas'
import { problem, revokeToken, bearerToken, tokenFor } from '../../mocks/session'
import { AUTH_BASE } from './api'

export const authHandlers = [
  http.post(`${AUTH_BASE}/login`, async ({ request }) => {
    const body = (await request.json()) as Partial<LoginRequest>
    const persona = findPersonaByLogin(String(body.email ?? ''))
    if (!persona?.internetBanking || persona.internetBanking.password !== body.password) {
      return problem(401, 'Invalid login credentials', 'Unauthorized')
    }
    return HttpResponse.json<LoginResponse>({
      userId: userIdOf(persona),
      userUUID: userUUIDOf(persona),
      twoFactorAuthentication: persona.internetBanking.twoFactorAuthentication,
    })
  }),

  http.post(`${AUTH_BASE}/otp-verification`, async ({ request }) => {
    const body = (await request.json()) as Partial<OtpVerificationRequest>
    const persona = personas.find((p) => userIdOf(p) === body.userId && userUUIDOf(p) === body.userUUID)
    if (!persona?.internetBanking || body.otp !== MOCK_OTP) {
      return problem(400, 'Invalid or expired OTP', 'Bad Request')
    }
    return HttpResponse.json<SessionResponse>({
      tokenDTO: { accessToken: tokenFor(persona), tokenType: 'Bearer', expiresIn: 300 },
      onboardingComplete: persona.internetBanking.onboardingComplete,
      role: persona.internetBanking.role,
      userId: userIdOf(persona),
      userUUID: userUUIDOf(persona),
      firstName: persona.firstName,
      lastName: persona.lastName,
      email: persona.email,
      phoneNumber: persona.phoneNumber,
      twoFactorAuthentication: persona.internetBanking.twoFactorAuthentication,
    })
  }),

  http.post(`${AUTH_BASE}/logout`, ({ request }) => {
    const token = bearerToken(request)
    if (token) revokeToken(token)
    return new HttpResponse(null, { status: 204 })
  }),
]
