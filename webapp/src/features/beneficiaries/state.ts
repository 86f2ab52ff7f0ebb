/** The beneficiaries page's state: the create and delete flows (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { beneficiariesReducer } from '../../store/beneficiaries/beneficiariesSlice'
import { beneficiariesSaga } from '../../store/beneficiaries/beneficiariesSaga'

export const featureState: FeatureState = {
  reducers: { beneficiaries: beneficiariesReducer },
  sagas: [beneficiariesSaga],
}
