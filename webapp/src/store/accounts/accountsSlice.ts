/**
 * The state of the account flows: the Create Account panel (open on /home as a
 * drawer and on /settings as a modal) and the two-step disable (request → code →
 * confirm). The accounts themselves and their types are reads (api.ts, RTK Query).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Account } from '../../api/types'
import type { CodeSent } from '../../api/accountTypes'

export type DisableStep = 'idle' | 'requesting' | 'code' | 'confirming'

export interface AccountsState {
  createOpen: boolean
  creating: boolean
  /** The last create failure, shown inside the panel (which stays open). */
  createError: string | null
  disable: {
    accountNumber: string | null
    step: DisableStep
    message: string | null
    twoFactor: string | null
    failures: number
  }
}

const idleDisable: AccountsState['disable'] = {
  accountNumber: null,
  step: 'idle',
  message: null,
  twoFactor: null,
  failures: 0,
}

const initialState: AccountsState = {
  createOpen: false,
  creating: false,
  createError: null,
  disable: idleDisable,
}

const accountsSlice = createSlice({
  name: 'accounts',
  initialState,
  reducers: {
    createAccountOpened(state) {
      state.createOpen = true
      state.createError = null
    },
    createAccountClosed(state) {
      if (state.creating) return
      state.createOpen = false
      state.createError = null
    },
    createAccountRequested(state, _action: PayloadAction<{ accountTypeId: number }>) {
      state.creating = true
      state.createError = null
    },
    /** The new account reaches the lists by their refresh (accountsSaga's `refreshAccounts`). */
    createAccountSucceeded(state, _action: PayloadAction<Account>) {
      state.creating = false
      state.createOpen = false
    },
    createAccountFailed(state, action: PayloadAction<string>) {
      state.creating = false
      state.createError = action.payload
    },

    disableRequested(state, action: PayloadAction<{ accountNumber: string }>) {
      state.disable = { ...idleDisable, accountNumber: action.payload.accountNumber, step: 'requesting' }
    },
    disableCodeSent(state, action: PayloadAction<CodeSent>) {
      state.disable.step = 'code'
      state.disable.message = action.payload.message
      state.disable.twoFactor = action.payload.twoFactorAuthentication
    },
    disableConfirmRequested(state, _action: PayloadAction<{ otp: string }>) {
      state.disable.step = 'confirming'
    },
    disableCodeRejected(state) {
      state.disable.step = 'code'
      state.disable.failures += 1
    },
    disableFinished(state) {
      state.disable = idleDisable
    },
  },
})

export const {
  createAccountOpened,
  createAccountClosed,
  createAccountRequested,
  createAccountSucceeded,
  createAccountFailed,
  disableRequested,
  disableCodeSent,
  disableConfirmRequested,
  disableCodeRejected,
  disableFinished,
} = accountsSlice.actions
export const accountsReducer = accountsSlice.reducer
export const selectAccounts = (state: { accounts: AccountsState }) => state.accounts

export function isActive(account: Pick<Account, 'status'>): boolean {
  return account.status === 'ACTIVE'
}
