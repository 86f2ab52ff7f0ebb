/**
 * The reducers and sagas of every page except the login route. The store
 * loads this module on first visit to any other page (`loadSignedInFeatures`
 * in store.ts), so the sign-in bundle stays small (issue 11).
 */
import type { SagaIterator } from 'redux-saga'
import { keepAlive } from './keepAlive'
import { passwordRecoveryReducer } from '../features/passwordRecovery/passwordRecoverySlice'
import { onboardingReducer } from '../features/onboarding/onboardingSlice'
import { accountsReducer } from '../store/accounts/accountsSlice'
import { historyReducer } from '../features/history/historySlice'
import { dashboardReducer } from '../store/accounts/summarySlice'
import { transfersReducer } from '../features/transfers/transfersSlice'
import { beneficiariesReducer } from '../store/beneficiaries/beneficiariesSlice'
import { settingsReducer } from '../features/settings/settingsSlice'
import { kycReducer } from '../features/kyc/kycSlice'
import { schedulesReducer } from '../store/schedules/schedulesSlice'
import { billsReducer } from '../features/bills/billsSlice'
import { ticketsReducer } from '../features/tickets/ticketsSlice'
import { payeesReducer } from '../store/payees/payeesSlice'
import { registrationSaga } from '../features/registration/registrationSaga'
import { passwordRecoverySaga } from '../features/passwordRecovery/passwordRecoverySaga'
import { onboardingSaga } from '../features/onboarding/onboardingSaga'
import { accountsSaga } from '../store/accounts/accountsSaga'
import { historySaga } from '../features/history/historySaga'
import { dashboardSaga } from '../store/accounts/summarySaga'
import { transfersSaga } from '../features/transfers/transfersSaga'
import { beneficiariesSaga } from '../store/beneficiaries/beneficiariesSaga'
import { settingsSaga } from '../features/settings/settingsSaga'
import { kycSaga } from '../features/kyc/kycSaga'
import { schedulesSaga } from '../store/schedules/schedulesSaga'
import { billsSaga } from '../features/bills/billsSaga'
import { ticketsSaga } from '../features/tickets/ticketsSaga'
import { payeesSaga } from '../store/payees/payeesSaga'

export const signedInReducers = {
  passwordRecovery: passwordRecoveryReducer,
  onboarding: onboardingReducer,
  accounts: accountsReducer,
  history: historyReducer,
  dashboard: dashboardReducer,
  transfers: transfersReducer,
  beneficiaries: beneficiariesReducer,
  settings: settingsReducer,
  kyc: kycReducer,
  schedules: schedulesReducer,
  bills: billsReducer,
  tickets: ticketsReducer,
  payees: payeesReducer,
}

const signedInSagas = [accountsSaga, historySaga, dashboardSaga, transfersSaga, beneficiariesSaga, settingsSaga, kycSaga, schedulesSaga, registrationSaga, passwordRecoverySaga, onboardingSaga, billsSaga, ticketsSaga, payeesSaga]

export function* signedInSaga(): SagaIterator {
  yield* keepAlive(signedInSagas)
}
