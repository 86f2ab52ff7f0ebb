/** Known-device calls of Settings (docs/contract.md §14.4b); apart from api.ts so that only
 * the Settings page downloads them. */
import type { Endpoint } from '../../../api/client'
import type { CodeSent, MessageResponse } from '../../../api/accountTypes'
import type { Device, PasskeyAssertion, PasskeyOptions } from '../../../api/types'

const BASE = '/api/ibanking/personal/devices'

export const devicesEndpoint = (): Endpoint<Device[]> => ({ method: 'GET', path: BASE })

export const renameDeviceEndpoint = (id: number, name: string): Endpoint<Device> => ({
  method: 'POST',
  path: `${BASE}/${id}/rename`,
  body: { name },
})

/** Neither `otp` nor `passkey`: a code is sent (202); with one the device is removed and
 * signed out (200). */
export const removeDeviceEndpoint = (
  id: number,
  approval: { otp: string } | { passkey: PasskeyAssertion } | null,
): Endpoint<MessageResponse | CodeSent> => ({
  method: 'POST',
  path: `${BASE}/${id}/remove`,
  body: approval ?? {},
})

/** The passkey request options that approve removing this device and nothing else. */
export const removeDevicePasskeyOptionsEndpoint = (id: number): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/${id}/passkey-options`,
})
