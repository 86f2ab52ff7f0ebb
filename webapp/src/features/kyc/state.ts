/** The KYC page's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { kycReducer } from './kycSlice'
import { kycSaga } from './kycSaga'

export const featureState: FeatureState = {
  reducers: { kyc: kycReducer },
  sagas: [kycSaga],
}
