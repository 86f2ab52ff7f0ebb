/** The settings page's state (app/featureStates.ts), with disabling an account from its cards. */
import type { FeatureState } from '../../store/featureState'
import { settingsReducer } from './settingsSlice'
import { settingsSaga } from './settingsSaga'
import { accountsReducer } from '../../store/accounts/accountsSlice'
import { accountsSaga } from '../../store/accounts/accountsSaga'

export const featureState: FeatureState = {
  reducers: { settings: settingsReducer, accounts: accountsReducer },
  sagas: [settingsSaga, accountsSaga],
}
