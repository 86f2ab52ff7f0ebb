/** Password recovery's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { passwordRecoveryReducer } from './passwordRecoverySlice'
import { passwordRecoverySaga } from './passwordRecoverySaga'

export const featureState: FeatureState = {
  reducers: { passwordRecovery: passwordRecoveryReducer },
  sagas: [passwordRecoverySaga],
}
