/** The settings page's state (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { settingsReducer } from './settingsSlice'
import { settingsSaga } from './settingsSaga'

export const featureState: FeatureState = {
  reducers: { settings: settingsReducer },
  sagas: [settingsSaga],
}
