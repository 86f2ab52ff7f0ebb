/** Sign-up's sagas; its slice is in the start-up store, which the auth layout reads (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { registrationSaga } from './registrationSaga'

export const featureState: FeatureState = {
  reducers: {},
  sagas: [registrationSaga],
}
