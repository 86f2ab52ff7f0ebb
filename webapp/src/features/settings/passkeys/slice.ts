/**
 * Settings › 2 Factor Authentication › Passkey (docs/contract.md, "Passkeys"): adding one
 * (code → the browser's prompt). The list is a read (securityReads.ts); removing is shared
 * with the devices (useRemoval.ts). This state lives with the Settings page (React's useReducer),
 * not in the store: the signed-in bundle that /home downloads stays within its budget.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface PasskeysState {
  add: { step: 'idle' | 'sending' | 'code' | 'creating'; message: string | null; failures: number }
}

const idleAdd: PasskeysState['add'] = { step: 'idle', message: null, failures: 0 }
export const initialPasskeysState: PasskeysState = { add: idleAdd }

const passkeysSlice = createSlice({
  name: 'passkeys',
  initialState: initialPasskeysState,
  reducers: {
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
    passkeyAdded(state) {
      state.add = idleAdd
    },
  },
})

export const {
  passkeyAddRequested,
  passkeyAddCodeSent,
  passkeyAddCodeEntered,
  passkeyAddCodeRejected,
  passkeyAddClosed,
  passkeyAdded,
} = passkeysSlice.actions
export const passkeysReducer = passkeysSlice.reducer
