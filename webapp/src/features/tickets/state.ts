/** Customer service's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { ticketsReducer } from './ticketsSlice'

export const featureState: FeatureState = {
  reducers: { tickets: ticketsReducer },
  sagas: [],
}
