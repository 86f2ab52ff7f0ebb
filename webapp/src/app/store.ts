/**
 * `makeStore` builds a fresh store with its saga middleware and starts the
 * root saga. The app makes one at start-up; every test makes its own.
 *
 * The store starts with what the login page needs. The signed-in core
 * (signedInFeatures.ts: RTK Query) is added by
 * `loadSignedInFeatures`, and each route's own slices and sagas
 * (featureStates.ts) by `loadFeatureState`; routes.tsx awaits both before a
 * page renders, so the sign-in bundle stays small (issue 11) and /home's first
 * screen brings no other page's state (issue 43).
 */
import { combineReducers, configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit'
import createSagaMiddleware, { type SagaIterator, type Task } from 'redux-saga'
import { appReducer, initialAppState } from '../store/appSlice'
import { toastReducer } from '../store/toastSlice'
import { loadUserInfo } from './sessionStorage'
import { rootSaga } from './rootSaga'
import { yieldToMain } from '../lib/yieldToMain'
import { keepAlive } from './keepAlive'
import { registrationReducer } from '../features/registration/registrationSlice'
import { authReducer } from '../features/auth/authSlice'
import type { FeatureState } from '../store/featureState'
import type { koboApi } from '../api/koboApi'
import type { AccountsState } from '../store/accounts/accountsSlice'
import type { TransfersState } from '../features/transfers/transfersSlice'
import type { BeneficiariesState } from '../store/beneficiaries/beneficiariesSlice'
import type { SchedulesState } from '../store/schedules/schedulesSlice'
import type { HistoryState } from '../features/history/historySlice'
import type { BillsState } from '../features/bills/billsSlice'
import type { SettingsState } from '../features/settings/settingsSlice'
import type { TicketsState } from '../features/tickets/ticketsSlice'
import type { OnboardingState } from '../features/onboarding/onboardingSlice'
import type { PasswordRecoveryState } from '../features/passwordRecovery/passwordRecoverySlice'
import { FEATURE_STATES, type FeatureName } from './featureStates'

const startupReducers = {
  app: appReducer,
  toast: toastReducer,
  auth: authReducer,
  // The auth layout shows the signup step from this slice.
  registration: registrationReducer,
}

type ReducerStates<R> = { [K in keyof R]: R[K] extends Reducer<infer S> ? S : never }

/** The whole state once every signed-in feature is loaded, as each page sees it. */
export type RootState = ReducerStates<typeof startupReducers> & {
  api: ReturnType<typeof koboApi.reducer>
  accounts: AccountsState
  transfers: TransfersState
  beneficiaries: BeneficiariesState
  schedules: SchedulesState
  history: HistoryState
  bills: BillsState
  settings: SettingsState
  tickets: TicketsState
  onboarding: OnboardingState
  passwordRecovery: PasswordRecoveryState
}

/** What has been loaded so far, in load order; later stores include all of it from the start. */
const loadedStates: FeatureState[] = []
const liveStores = new Set<AppStore>()

/**
 * Middleware added after the store exists (RTK Query's comes with the signed-in core).
 * A few lines rather than RTK's createDynamicMiddleware, which costs the login page more.
 */
function lateMiddleware() {
  let chain: Middleware | null = null
  const added: Middleware[] = []
  const middleware: Middleware = (api) => (next) => {
    let built: ((action: unknown) => unknown) | null = null
    let builtFor: Middleware | null = null
    return (action) => {
      if (!chain) return next(action)
      if (builtFor !== chain) {
        built = chain(api)(next)
        builtFor = chain
      }
      return built!(action)
    }
  }
  const addMiddleware = (more: Middleware) => {
    added.push(more)
    const all = [...added]
    chain = (api) => (next) => all.reduceRight((after, each) => each(api)(after), next)
  }
  return { middleware, addMiddleware }
}

function reducerFor(states: FeatureState[]) {
  return combineReducers(Object.assign({}, startupReducers, ...states.map((state) => state.reducers)))
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware()
  // RTK Query's middleware comes with the signed-in core, after the store exists.
  const late = lateMiddleware()
  const store = configureStore({
    reducer: reducerFor(loadedStates) as unknown as Reducer<RootState>,
    preloadedState: {
      // Restore the saved session on start (the contract: "restored on start, null when absent").
      app: { ...initialAppState, userInfo: loadUserInfo() },
      ...preloadedState,
    } as RootState,
    // Thunks: RTK Query's `initiate` is one.
    middleware: (getDefault) => getDefault().concat(sagaMiddleware, late.middleware),
  })
  const sagaTasks: Task[] = [sagaMiddleware.run(rootSaga)]
  const running = new Set<() => SagaIterator>()
  const start = (states: FeatureState[]) => {
    for (const state of states) {
      for (const middleware of state.middleware ?? []) late.addMiddleware(middleware)
      const sagas = state.sagas.filter((saga) => !running.has(saga))
      sagas.forEach((saga) => running.add(saga))
      if (sagas.length) sagaTasks.push(sagaMiddleware.run(keepAlive, sagas))
      state.startEarlyReads?.(store.dispatch)
    }
  }
  start(loadedStates)
  const addFeatureState = (state: FeatureState) => {
    store.replaceReducer(reducerFor(loadedStates) as unknown as Reducer<RootState>)
    start([state])
  }
  const appStore = Object.assign(store, {
    addFeatureState,
    /** Stops every saga of this store (tests dispose their stores with it). */
    stop() {
      liveStores.delete(appStore)
      for (const task of sagaTasks) task.cancel()
    },
  })
  liveStores.add(appStore)
  return appStore
}

async function addState(load: () => Promise<FeatureState>): Promise<void> {
  const state = await load()
  if (loadedStates.includes(state)) return
  // Evaluating the module is one task; starting its sagas in every store the next (issue 23).
  await yieldToMain()
  if (loadedStates.includes(state)) return
  loadedStates.push(state)
  for (const store of liveStores) store.addFeatureState(state)
}

/**
 * Loads the signed-in core (RTK Query) into the live store(s).
 * Safe to call many times; resolves once it is in.
 */
let loadingCore: Promise<void> | null = null
export function loadSignedInFeatures(): Promise<void> {
  loadingCore ??= addState(async () => (await import('./signedInFeatures')).signedInCore)
  return loadingCore
}

const loadingStates = new Map<FeatureName, Promise<void>>()
/** Loads one route's slices and sagas (featureStates.ts), after the core they build on. */
export function loadFeatureState(name: FeatureName): Promise<void> {
  let loading = loadingStates.get(name)
  if (!loading) {
    loading = loadSignedInFeatures().then(() => addState(async () => (await FEATURE_STATES[name]()).featureState))
    loadingStates.set(name, loading)
  }
  return loading
}

/** Every feature's state (tests: each test store then has them all from the start). */
export function loadAllFeatureStates(): Promise<void> {
  return Promise.all((Object.keys(FEATURE_STATES) as FeatureName[]).map(loadFeatureState)).then(() => undefined)
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

// Gives store/hooks.ts (a kit every layer uses) the types of this store without importing it.
// (Inside the block `RootState` would name the hooks module's own alias, hence these two.)
type ThisRootState = RootState
type ThisDispatch = AppDispatch
declare module '../store/hooks' {
  interface StoreTypes {
    rootState: ThisRootState
    dispatch: ThisDispatch
  }
}
