/**
 * The reducers and sagas of every page except the login route. The store
 * loads this module on first visit to any other page (`loadSignedInFeatures`
 * in store.ts), so the sign-in bundle stays small (issue 11).
 */
import type { SagaIterator } from 'redux-saga'
import { keepAlive } from './keepAlive'
import { passwordRecoveryReducer } from '../features/passwordRecovery/passwordRecoverySlice'
import { onboardingReducer } from '../features/onboarding/onboardingSlice'
import { accountsReducer } from '../features/accounts/accountsSlice'
import { historyReducer } from '../features/history/historySlice'
import { dashboardReducer } from '../features/dashboard/dashboardSlice'
import { transfersReducer } from '../features/transfers/transfersSlice'
import { beneficiariesReducer } from '../features/beneficiaries/beneficiariesSlice'
import { settingsReducer } from '../features/settings/settingsSlice'
import { kycReducer } from '../features/kyc/kycSlice'
import { scheduledPaymentsReducer } from '../features/scheduledPayments/scheduledPaymentsSlice'
import { billsReducer } from '../features/bills/billsSlice'
import { ticketsReducer } from '../features/tickets/ticketsSlice'
import { registrationSaga } from '../features/registration/registrationSaga'
import { passwordRecoverySaga } from '../features/passwordRecovery/passwordRecoverySaga'
import { onboardingSaga } from '../features/onboarding/onboardingSaga'
import { accountsSaga } from '../features/accounts/accountsSaga'
import { historySaga } from '../features/history/historySaga'
import { dashboardSaga } from '../features/dashboard/dashboardSaga'
import { transfersSaga } from '../features/transfers/transfersSaga'
import { beneficiariesSaga } from '../features/beneficiaries/beneficiariesSaga'
import { settingsSaga } from '../features/settings/settingsSaga'
import { kycSaga } from '../features/kyc/kycSaga'
import { scheduledPaymentsSaga } from '../features/scheduledPayments/scheduledPaymentsSaga'
import { billsSaga } from '../features/bills/billsSaga'
import { ticketsSaga } from '../features/tickets/ticketsSaga'

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
  scheduledPayments: scheduledPaymentsReducer,
  bills: billsReducer,
  tickets: ticketsReducer,
}

const signedInSagas = [accountsSaga, historySaga, dashboardSaga, transfersSaga, beneficiariesSaga, settingsSaga, kycSaga, scheduledPaymentsSaga, registrationSaga, passwordRecoverySaga, onboardingSaga, billsSaga, ticketsSaga]

export function* signedInSaga(): SagaIterator {
  yield* keepAlive(signedInSagas)
}
