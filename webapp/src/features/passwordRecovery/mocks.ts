/**
 * MSW handlers for password recovery. Offline there is no inbox: asking for a
 * link for a known user opens `/reset-password/mock-reset-code/<email>` (the
 * link is also printed to the browser console). The code `expired` shows the
 * expired-link answer.
 */
import { http, HttpResponse } from 'msw'
import { AUTH_BASE } from '../auth/api'
import { findPersonaByLogin, personas } from '../../mocks/personas'
import { decodeBase64 } from '../../lib/base64'
import { fieldErrors, loadState, problemJson, saveState, syncPersonas, type MockState } from '../registration/mockStore'
import { passwordErrors } from '../registration/mocks'
import type { MessageResponse, PasswordResetRequest } from './api'
import { INVALID_LINK_FALLBACK } from './texts'
import type { components } from '../../api/schema'

export const MOCK_RESET_CODE = 'mock-reset-code'
export const EXPIRED_RESET_CODE = 'expired'
export const LINK_USED = 'This link is invalid or has already been used'

/** The open link's owner, or a problem answer explaining why the link is refused. */
function checkLink(resetCode: string, email: string): { refusal: Response; state?: undefined } | { refusal?: undefined; state: MockState } {
  if (resetCode === EXPIRED_RESET_CODE) return { refusal: problemJson(400, INVALID_LINK_FALLBACK) }
  const state = loadState()
  const link = state.resetLinks[email.trim().toLowerCase()]
  if (resetCode !== MOCK_RESET_CODE || !link || link.used) return { refusal: problemJson(400, LINK_USED) }
  return { state }
}

export const passwordRecoveryHandlers = [
  http.post(`${AUTH_BASE}/password/forgot/:encoded`, ({ params }) => {
    const identifier = decodeBase64(decodeURIComponent(String(params.encoded)))
    if (!identifier) return problemJson(400, 'This field is required', { errors: [{ field: 'email', message: 'This field is required' }] })
    const state = loadState()
    syncPersonas(state)
    const persona = findPersonaByLogin(identifier)
    if (persona) {
      state.resetLinks[persona.email.toLowerCase()] = { used: false }
      saveState(state)
      console.info(`[mock] Password reset link: /reset-password/${MOCK_RESET_CODE}/${encodeURIComponent(persona.email)}`)
    }
    // Same answer for unknown identifiers, as the BFF does.
    return HttpResponse.json<MessageResponse>({ message: 'Email sent successfully' })
  }),

  http.get(`${AUTH_BASE}/password/verify`, ({ request }) => {
    const url = new URL(request.url)
    const { refusal } = checkLink(url.searchParams.get('resetCode') ?? '', url.searchParams.get('email') ?? '')
    return refusal ?? HttpResponse.json<components['schemas']['LinkValidOut']>({ valid: true })
  }),

  http.patch(`${AUTH_BASE}/password/reset`, async ({ request }) => {
    const body = (await request.json()) as Partial<PasswordResetRequest>
    const errors = passwordErrors(body.password, body.confirmPassword)
    if (errors.length) return fieldErrors(errors)
    const email = (body.email ?? '').trim().toLowerCase()
    const { refusal, state } = checkLink(body.passwordResetCode ?? '', email)
    if (refusal) return refusal
    syncPersonas(state)
    const persona = personas.find((p) => p.internetBanking && p.email.toLowerCase() === email)
    if (!persona) return problemJson(400, LINK_USED)
    state.passwords[persona.key] = body.password ?? ''
    state.resetLinks[email] = { used: true }
    const registration = state.registrations.find((r) => r.key === persona.key)
    if (registration) registration.password = body.password ?? ''
    saveState(state)
    return HttpResponse.json<MessageResponse>({ message: 'Password reset successfully' })
  }),
]
