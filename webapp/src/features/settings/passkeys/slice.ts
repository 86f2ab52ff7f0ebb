/**
 * Settings › 2 Factor Authentication › Passkey (docs/contract.md, "Passkeys"): the
 * customer's passkeys, adding one (code → the browser's prompt) and removing one (code).
 * The state lives with the Settings page (usePasskeys.ts, React's useReducer), not in the
 * store: the signed-in bundle that /home downloads stays within its budget.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../../lib/loadStatus'
import type { Passkey } from '../../../api/types'

export interface PasskeysState {
  items: Passkey[]
  load: Load
  add: { step: 'idle' | 'sending' | 'code' | 'creating'; message: string | null; failures: number }
  remove: { id: number | null; step: 'idle' | 'sending' | 'code' | 'confirming'; message: string | null; failures: number }
}

const idleAdd: PasskeysState['add'] = { step: 'idle', message: null, failures: 0 }
const idleRemove: PasskeysState['remove'] = { id: null, step: 'idle', message: null, failures: 0 }
export const initialPasskeysState: PasskeysState = { items: [], load: idleLoad, add: idleAdd, remove: idleRemove }

const passkeysSlice = createSlice({
  name: 'passkeys',
  initialState: initialPasskeysState,
  reducers: {
    passkeysRequested(state) {
      state.load = loadStarted()
    },
    passkeysLoaded(state, action: PayloadAction<Passkey[]>) {
      state.items = action.payload
      state.load = loadSucceeded()
    },
    passkeysFailed(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
    },
    passkeyAddRequested(state) {
      state.add = { ...idleAdd, step: 'sending' }
    },
    passkeyAddCodeSent(state, action: PayloadAction<string>) {
      state.add.step = 'code'
      state.add.message = action.payload
    },
    passkeyAddCodeEntered(state, _action: PayloadAction<{ code: string }>) {
      state.add.step = 'creating'
    },
    passkeyAddCodeRejected(state) {
      state.add.step = 'code'
      state.add.failures += 1
    },
    passkeyAddClosed(state) {
      state.add = idleAdd
    },
    passkeyAdded(state, action: PayloadAction<Passkey>) {
      state.add = idleAdd
      state.items.push(action.payload)
    },
    passkeyRenamed(state, action: PayloadAction<Passkey>) {
      state.items = state.items.map((p) => (p.id === action.payload.id ? action.payload : p))
    },
    passkeyRemoveRequested(state, action: PayloadAction<{ id: number }>) {
      state.remove = { ...idleRemove, id: action.payload.id, step: 'sending' }
    },
    passkeyRemoveCodeSent(state, action: PayloadAction<string>) {
      state.remove.step = 'code'
      state.remove.message = action.payload
    },
    passkeyRemoveConfirmed(state) {
      state.remove.step = 'confirming'
    },
    passkeyRemoveCodeRejected(state) {
      state.remove.step = 'code'
      state.remove.failures += 1
    },
    /** A passkey approval that did not go through: the dialog stays, the code still works. */
    passkeyRemoveApprovalFailed(state) {
      state.remove.step = 'code'
    },
    passkeyRemoveClosed(state) {
      state.remove = idleRemove
    },
    passkeyRemoved(state, action: PayloadAction<number>) {
      state.remove = idleRemove
      state.items = state.items.filter((p) => p.id !== action.payload)
    },
  },
})

export const {
  passkeysRequested,
  passkeysLoaded,
  passkeysFailed,
  passkeyAddRequested,
  passkeyAddCodeSent,
  passkeyAddCodeEntered,
  passkeyAddCodeRejected,
  passkeyAddClosed,
  passkeyAdded,
  passkeyRenamed,
  passkeyRemoveRequested,
  passkeyRemoveCodeSent,
  passkeyRemoveConfirmed,
  passkeyRemoveCodeRejected,
  passkeyRemoveApprovalFailed,
  passkeyRemoveClosed,
  passkeyRemoved,
} = passkeysSlice.actions
export const passkeysReducer = passkeysSlice.reducer
