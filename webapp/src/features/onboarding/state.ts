/** Onboarding's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { onboardingReducer } from './onboardingSlice'

export const featureState: FeatureState = {
  reducers: { onboarding: onboardingReducer },
  sagas: [],
}
