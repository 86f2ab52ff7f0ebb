/** The selfie check's calls (docs/contract.md §16.6): the same two at onboarding
 * (`/api/onboarding/liveness`) and for a signed-in profile that comes back
 * (`/api/ibanking/personal/liveness`). */
import type { Endpoint } from '../../api/client'
import type { components } from '../../api/schema'

export type Liveness = components['schemas']['LivenessOut']

export const ONBOARDING_LIVENESS = '/api/onboarding/liveness'
export const RETURNING_LIVENESS = '/api/ibanking/personal/liveness'

export const livenessEndpoint = (path: string): Endpoint<Liveness> => ({ method: 'GET', path })

/** One try: a JPEG or PNG data URL; the answer is the new state. */
export const selfieEndpoint = (path: string, image: string): Endpoint<Liveness> => ({
  method: 'POST',
  path,
  body: { image },
  // The core's identity vendor compares faces: allow it time on a slow line.
  timeoutMs: 60_000,
})
