/** Spawns every feature's sagas. A crash in one is logged and does not stop the others. */
import { all, call, spawn } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { sessionSaga } from './sessionSaga'
import { authSaga } from '../features/auth/authSaga'
import { accountsSaga } from '../features/accounts/accountsSaga'
import { dashboardSaga } from '../features/dashboard/dashboardSaga'

const featureSagas = [sessionSaga, authSaga, accountsSaga, dashboardSaga]

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
