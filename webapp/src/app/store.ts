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
import { registrationReducer } from '../features/registration/registrationSlice'
import { passwordRecoveryReducer } from '../features/passwordRecovery/passwordRecoverySlice'
import { onboardingReducer } from '../features/onboarding/onboardingSlice'
import { authReducer } from '../features/auth/authSlice'
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

export const rootReducer = combineReducers({
  app: appReducer,
  toast: toastReducer,
  auth: authReducer,
  registration: registrationReducer,
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
