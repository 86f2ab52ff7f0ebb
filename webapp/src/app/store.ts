/**
 * `makeStore` builds a fresh store with its saga middleware and starts the
 * root saga. The app makes one at start-up; every test makes its own.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit'
import createSagaMiddleware, { type Task } from 'redux-saga'
import { appReducer, initialAppState } from './appSlice'
import { toastReducer } from './toastSlice'
import { loadUserInfo } from './sessionStorage'
import { rootSaga } from './rootSaga'
import { authReducer } from '../features/auth/authSlice'
import { accountsReducer } from '../features/accounts/accountsSlice'
import { dashboardReducer } from '../features/dashboard/dashboardSlice'

export const rootReducer = combineReducers({
  app: appReducer,
  toast: toastReducer,
  auth: authReducer,
  accounts: accountsReducer,
  dashboard: dashboardReducer,
})

export type RootState = ReturnType<typeof rootReducer>

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware()
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      // Restore the saved session on start (spec: "restored on start, null when absent").
      app: { ...initialAppState, userInfo: loadUserInfo() },
      ...preloadedState,
    },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  })
  const sagaTask: Task = sagaMiddleware.run(rootSaga)
  return Object.assign(store, { sagaTask })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
