/**
 * Mock routes for known devices (docs/contract.md §3.2b, §8.3, §14.4b): each persona has
 * this browser and two others; renaming and removing (code 123456) work for this tab's life.
 * The new-device cap answers "capped" for a day after a passkey was added here, as the BFF's
 * rule does for the device a passkey was added on.
 */
import { http, HttpResponse } from 'msw'
import type { Device } from '../../api/types'
import { INVALID_OTP, codeSent, notFound, problem, signedIn } from '../../mocks/session'
import { HOUR, MOCK_OTP, lagosUntil, onReset } from '../../mocks/state'
import { MOCK_RP, mockChallenge, passkeysOf } from '../../mocks/passkeys'

const BASE = '/api/ibanking/personal/devices'
const CAP_KOBO = 2_000_000
const PASSKEY_REFUSED = 'We could not verify your passkey. Please try again, or use a code instead.'
const NO_PASSKEY = 'You have no passkey yet. Add one in Settings, or use a code instead.'

const devices = new Map<string, Device[]>()
onReset(() => devices.clear())

function devicesOf(personaKey: string): Device[] {
  let list = devices.get(personaKey)
  if (!list) {
    const now = Date.now()
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString()
    list = [
      { id: 1, name: 'Chrome on Windows', createdAt: at(24 * 40), lastUsedAt: at(0), thisDevice: true, signedIn: true, cappedUntil: null },
      { id: 2, name: 'Safari on iPhone', createdAt: at(24 * 12), lastUsedAt: at(26), thisDevice: false, signedIn: true, cappedUntil: null },
      { id: 3, name: 'Chrome on Android', createdAt: at(3), lastUsedAt: at(3), thisDevice: false, signedIn: false, cappedUntil: new Date(now + 21 * HOUR).toISOString() },
    ]
    devices.set(personaKey, list)
  }
  return list
}

export const deviceHandlers = [
  http.get(BASE, signedIn(({ persona }) => HttpResponse.json(devicesOf(persona.key)))),

  http.post(`${BASE}/:id/rename`, signedIn(({ persona, params, body }) => {
    const device = devicesOf(persona.key).find((d) => d.id === Number(params.id))
    if (!device) return notFound('Device')
    const name = String(body.name ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
    if (!name) return problem(400, 'Enter a name for this device', 'Bad Request')
    device.name = name
    return HttpResponse.json(device)
  })),

  http.post(`${BASE}/:id/remove`, signedIn(({ persona, c, params, body }) => {
    const list = devicesOf(persona.key)
    const device = list.find((d) => d.id === Number(params.id))
    if (!device) return notFound('Device')
    if (device.thisDevice) return problem(400, 'This is the device you are using. To leave it, sign out instead.', 'Bad Request')
    if (body.passkey) {
      // The mocks check no signatures (src/mocks/passkeys.ts): a passkey of this persona will do.
      if (passkeysOf(persona.key).length === 0) return problem(400, PASSKEY_REFUSED, 'Bad Request')
    } else {
      if (!body.otp) return HttpResponse.json(codeSent(c), { status: 202 })
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    }
    devices.set(persona.key, list.filter((d) => d !== device))
    return HttpResponse.json({ message: 'Device removed successfully' })
  })),

  http.post(`${BASE}/:id/passkey-options`, signedIn(({ persona, params }) => {
    const device = devicesOf(persona.key).find((d) => d.id === Number(params.id))
    if (!device) return notFound('Device')
    if (passkeysOf(persona.key).length === 0) return problem(400, NO_PASSKEY, 'Bad Request')
    return HttpResponse.json({
      options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, userVerification: 'required', allowCredentials: [] },
    })
  })),

  http.get('/api/transfer/device-cap', signedIn(({ persona }) => {
    const newest = passkeysOf(persona.key).map((p) => new Date(p.createdAt).getTime()).sort((a, b) => b - a)[0]
    if (!newest || newest + 24 * HOUR <= Date.now()) {
      return HttpResponse.json({ capped: false, limit: null, left: null, endsAt: null, message: null })
    }
    const until = new Date(newest + 24 * HOUR)
    const naira = CAP_KOBO / 100
    return HttpResponse.json({
      capped: true,
      limit: naira,
      left: naira,
      endsAt: until.toISOString(),
      message: `This device is new: until ${lagosUntil(until)} (West Africa Time) you can send up to ₦20,000 from it (₦20,000 left).`,
    })
  })),
]
