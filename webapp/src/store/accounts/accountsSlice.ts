/**
 * Disabling an account, a code step (accountsSaga.ts): request → code → confirm, from the
 * account cards of /settings. The accounts themselves and their types are reads, opening one
 * a mutation (reads.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Account } from '../../api/types'
import type { CodeSent } from '../../api/accountTypes'
import { codeStepReducers } from '../codeStep/slice'

export type DisableStep = 'idle' | 'requesting' | 'code' | 'confirming'

export interface AccountsState {
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

const initialState: AccountsState = { disable: idleDisable }

const disableStep = codeStepReducers((state: AccountsState) => state.disable)

const accountsSlice = createSlice({
  name: 'accounts',
  initialState,
  reducers: {
    disableRequested(state, action: PayloadAction<{ accountNumber: string }>) {
      state.disable = { ...idleDisable, accountNumber: action.payload.accountNumber, step: 'requesting' }
    },
    disableCodeSent(state, action: PayloadAction<CodeSent>) {
      state.disable.step = 'code'
      state.disable.message = action.payload.message
      state.disable.twoFactor = action.payload.twoFactorAuthentication
    },
    disableConfirmRequested: disableStep.confirmRequested,
    disableCodeRejected: disableStep.codeRejected,
    disableFinished(state) {
      state.disable = idleDisable
    },
  },
})

export const {
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
