/** The instant-transfer switch's calls (docs/contract.md §16.3). */
import type { Endpoint } from '../../../api/client'
import type { components } from '../../../api/schema'
import type { CodeSent } from '../../../api/accountTypes'
import type { PasskeyAssertion, PasskeyOptions } from '../../../api/types'

export type InstantTransfers = components['schemas']['InstantTransfersOut']

const BASE = '/api/ibanking/personal/instant-transfers'

export const instantTransfersEndpoint = (): Endpoint<InstantTransfers> => ({ method: 'GET', path: BASE })

/** Off at once: no body, no code. */
export const switchOffEndpoint = (): Endpoint<InstantTransfers> => ({ method: 'POST', path: `${BASE}/off` })

/** On: without an approval a code is sent (202); with the code or a passkey, on (200). */
export const switchOnEndpoint = (approval: { otp: string } | { passkey: PasskeyAssertion } | null): Endpoint<InstantTransfers | CodeSent> => ({
  method: 'POST',
  path: `${BASE}/on`,
  body: approval ?? {},
})

/** The passkey request options that approve switching on and nothing else. */
export const switchOnPasskeyOptionsEndpoint = (): Endpoint<PasskeyOptions> => ({ method: 'POST', path: `${BASE}/on/passkey-options` })
