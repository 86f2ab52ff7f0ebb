/** The history page's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { historyReducer } from './historySlice'

export const featureState: FeatureState = {
  reducers: { history: historyReducer },
  sagas: [],
}
