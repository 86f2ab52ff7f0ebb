/**
 * Mock routes for password recovery. Offline there is no inbox: asking for a link for a
 * known user opens `/reset-password/mock-reset-code/<email>` (also printed to the browser
 * console); the link works once.
 */
import { http, HttpResponse } from 'msw'
import { findPersonaByLogin } from '../../mocks/personas'
import { problem, required } from '../../mocks/session'
import { loadSaved, save, syncPersonas } from '../../mocks/state'

const AUTH = '/auth/ibanking/personal'
export const MOCK_RESET_CODE = 'mock-reset-code'
export const LINK_USED = 'This link is invalid or has already been used'

const linkOpen = (code: string | null | undefined, email = '') => code === MOCK_RESET_CODE && loadSaved().resetLinks[email.trim().toLowerCase()] === true
const decode = (text: string) => {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))).trim()
  } catch {
    return ''
  }
}

export const passwordRecoveryHandlers = [
  http.post(`${AUTH}/password/forgot/:encoded`, ({ params }) => {
    const identifier = decode(String(params.encoded))
    if (!identifier) return required('email')
    syncPersonas()
    const persona = findPersonaByLogin(identifier)
    if (persona) {
      const saved = loadSaved()
      saved.resetLinks[persona.email.toLowerCase()] = true
      save(saved)
      console.info(`[mock] Password reset link: /reset-password/${MOCK_RESET_CODE}/${encodeURIComponent(persona.email)}`)
    }
    // Same answer for unknown identifiers, as the BFF does.
    return HttpResponse.json({ message: 'Email sent successfully' })
  }),

  http.get(`${AUTH}/password/verify`, ({ request }) => {
    const q = new URL(request.url).searchParams
    return linkOpen(q.get('resetCode'), q.get('email') ?? '') ? HttpResponse.json({ valid: true }) : problem(400, LINK_USED, 'Bad Request')
  }),

  http.patch(`${AUTH}/password/reset`, async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string; passwordResetCode?: string }
    const email = (body.email ?? '').trim().toLowerCase()
    syncPersonas()
    const persona = findPersonaByLogin(email)
    if (!persona || !linkOpen(body.passwordResetCode, email)) return problem(400, LINK_USED, 'Bad Request')
    const saved = loadSaved()
    saved.passwords[persona.key] = body.password ?? ''
    saved.resetLinks[email] = false
    const registration = saved.registrations.find((r) => r.key === persona.key)
    if (registration) registration.password = body.password ?? ''
    save(saved)
    return HttpResponse.json({ message: 'Password reset successfully' })
  }),
]
