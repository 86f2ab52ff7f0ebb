/** The bill payment page's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { billsReducer } from './billsSlice'
import { billsSaga } from './billsSaga'

export const featureState: FeatureState = {
  reducers: { bills: billsReducer },
  sagas: [billsSaga],
}
