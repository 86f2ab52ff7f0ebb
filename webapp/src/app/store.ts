/**
 * `makeStore` builds a fresh store with its saga middleware and starts the
 * root saga. The app makes one at start-up; every test makes its own.
 *
 * The store starts with what the login page needs; the other features'
 * reducers and sagas (signedInFeatures.ts) are added by
 * `loadSignedInFeatures`, which every other route awaits before it renders
 * (routes.tsx), so the sign-in bundle stays small (issue 11).
 */
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit'
import createSagaMiddleware, { type Task } from 'redux-saga'
import { appReducer, initialAppState } from '../store/appSlice'
import { toastReducer } from '../store/toastSlice'
import { loadUserInfo } from './sessionStorage'
import { rootSaga } from './rootSaga'
import { yieldToMain } from '../lib/yieldToMain'
import { registrationReducer } from '../features/registration/registrationSlice'
import { authReducer } from '../features/auth/authSlice'
import type * as SignedInFeaturesModule from './signedInFeatures'

type SignedInFeatures = typeof SignedInFeaturesModule

const startupReducers = {
  app: appReducer,
  toast: toastReducer,
  auth: authReducer,
  // The auth layout shows the signup step from this slice.
  registration: registrationReducer,
}

type ReducerStates<R> = { [K in keyof R]: R[K] extends Reducer<infer S> ? S : never }

/** The whole state once the signed-in features are loaded, as every page sees it. */
export type RootState = ReducerStates<typeof startupReducers & SignedInFeatures['signedInReducers']>

/** Set once the signed-in features' module has loaded; later stores include them from the start. */
let signedInFeatures: SignedInFeatures | null = null
const liveStores = new Set<AppStore>()

function reducerFor(features: SignedInFeatures | null) {
  return combineReducers(features ? { ...startupReducers, ...features.signedInReducers } : startupReducers)
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware()
  const store = configureStore({
    reducer: reducerFor(signedInFeatures) as unknown as Reducer<RootState>,
    preloadedState: {
      // Restore the saved session on start (the contract: "restored on start, null when absent").
      app: { ...initialAppState, userInfo: loadUserInfo() },
      ...preloadedState,
    } as RootState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  })
  const sagaTasks: Task[] = [sagaMiddleware.run(rootSaga)]
  const addFeatures = (features: SignedInFeatures) => {
    store.replaceReducer(reducerFor(features) as unknown as Reducer<RootState>)
    sagaTasks.push(sagaMiddleware.run(features.signedInSaga))
  }
  if (signedInFeatures) sagaTasks.push(sagaMiddleware.run(signedInFeatures.signedInSaga))
  const appStore = Object.assign(store, {
    addFeatures,
    /** Stops every saga of this store (tests dispose their stores with it). */
    stop() {
      liveStores.delete(appStore)
      for (const task of sagaTasks) task.cancel()
    },
  })
  liveStores.add(appStore)
  return appStore
}

/**
 * Loads the reducers and sagas of every page but the login route and adds them
 * to the live store(s). Safe to call many times; resolves once they are in.
 */
let loading: Promise<void> | null = null
export function loadSignedInFeatures(): Promise<void> {
  loading ??= import('./signedInFeatures').then(async (features) => {
    // Evaluating the module is one task; starting its sagas in every store the next (issue 23).
    await yieldToMain()
    signedInFeatures = features
    for (const store of liveStores) store.addFeatures(features)
  })
  return loading
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
