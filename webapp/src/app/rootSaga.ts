/** Spawns every feature's sagas. A crash in one is logged and does not stop the others. */
import { all, call, spawn } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { sessionSaga } from './sessionSaga'
import { registrationSaga } from '../features/registration/registrationSaga'
import { passwordRecoverySaga } from '../features/passwordRecovery/passwordRecoverySaga'
import { onboardingSaga } from '../features/onboarding/onboardingSaga'
import { authSaga } from '../features/auth/authSaga'
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

const featureSagas = [sessionSaga, authSaga, accountsSaga, historySaga, dashboardSaga, transfersSaga, beneficiariesSaga, settingsSaga, kycSaga, scheduledPaymentsSaga, registrationSaga, passwordRecoverySaga, onboardingSaga, billsSaga, ticketsSaga]

export function* rootSaga(): SagaIterator {
  yield all(
    featureSagas.map((saga) =>
      spawn(function* keepAlive(): SagaIterator {
        try {
          yield call(saga)
        } catch (error) {
          console.error(`Saga ${saga.name} crashed`, error)
        }
      }),
    ),
  )
}
