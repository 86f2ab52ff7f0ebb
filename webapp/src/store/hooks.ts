/**
 * Typed `useDispatch` / `useSelector` for every layer. The store's types come
 * from the composition root: app/store.ts registers them in `StoreTypes`
 * (declaration merging), so this kit never imports the app layer.
 */
import { useDispatch, useSelector } from 'react-redux'

/** Filled in by app/store.ts: `rootState` and `dispatch`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoreTypes {}

export type RootState = StoreTypes[Extract<'rootState', keyof StoreTypes>]
export type AppDispatch = StoreTypes[Extract<'dispatch', keyof StoreTypes>]

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
