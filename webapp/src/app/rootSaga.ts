/**
 * The sagas the login page needs (session and sign-in). The other features'
 * sagas start when their route loads (store.ts, featureStates.ts).
 */
import type { SagaIterator } from 'redux-saga'
import { keepAlive } from './keepAlive'
import { sessionSaga } from './sessionSaga'
import { authSaga } from '../features/auth/authSaga'

export function* rootSaga(): SagaIterator {
  yield* keepAlive([sessionSaga, authSaga])
}
