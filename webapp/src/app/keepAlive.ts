import { all, call, spawn } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'

/** Spawns each saga on its own: a crash in one is logged and does not stop the others. */
export function* keepAlive(sagas: (() => SagaIterator)[]): SagaIterator {
  yield all(
    sagas.map((saga) =>
      spawn(function* keepSagaAlive(): SagaIterator {
        try {
          yield call(saga)
        } catch (error) {
          console.error(`Saga ${saga.name} crashed`, error)
        }
      }),
    ),
  )
}
