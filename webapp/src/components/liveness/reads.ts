/** The selfie check's state as a read (api/koboApi.ts), one per path (onboarding's, or the
 * signed-in profile's); a try's answer goes into it. */
import { koboApi } from '../../api/koboApi'
import { livenessEndpoint, type Liveness } from './api'
import { LIVENESS_FAILED } from './texts'

export const livenessApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    liveness: build.query<Liveness, string>({ query: livenessEndpoint, extraOptions: { fallback: LIVENESS_FAILED } }),
  }),
})

/** A state the customer can still take a selfie in. */
export const selfieDue = (state: Liveness | undefined) => state?.status === 'REQUIRED' || state?.status === 'FAILED'
