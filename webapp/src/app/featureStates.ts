/**
 * Each signed-in route's state, loaded with the route (routes.tsx), so a page's first screen
 * brings only the slices and sagas it uses (issue 43: /home paints fast on 3G). The signed-in
 * core (signedInFeatures.ts: RTK Query) comes with every page.
 */
import type { FeatureState } from '../store/featureState'

type Loader = () => Promise<{ featureState: FeatureState }>

export const FEATURE_STATES = {
  transfers: () => import('../features/transfers/state'),
  beneficiaries: () => import('../features/beneficiaries/state'),
  schedules: () => import('../features/schedules/state'),
  history: () => import('../features/history/state'),
  bills: () => import('../features/bills/state'),
  settings: () => import('../features/settings/state'),
  tickets: () => import('../features/tickets/state'),
  onboarding: () => import('../features/onboarding/state'),
  registration: () => import('../features/registration/state'),
  passwordRecovery: () => import('../features/passwordRecovery/state'),
} satisfies Record<string, Loader>

export type FeatureName = keyof typeof FEATURE_STATES
