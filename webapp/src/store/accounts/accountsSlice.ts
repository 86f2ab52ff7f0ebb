/**
 * The signed-in customer's accounts. Filled by GET /api/accounts and also by
 * the dashboard summary (which carries the same list), so pages that need the
 * accounts (transfer, settings) rarely have to ask again.
 *
 * Also the state of the account flows: the account types, the Create Account
 * panel (open on /home as a drawer and on /settings as a modal) and the
 * two-step disable (request → code → confirm).
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Account } from '../../api/types'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'
import { summaryLoaded } from './summarySlice'
import type { AccountType, CodeSent } from '../../api/accountTypes'

export type DisableStep = 'idle' | 'requesting' | 'code' | 'confirming'

export interface AccountsState {
  items: Account[]
  /** The last GET /api/accounts (the dashboard summary fills `items` too, see below). */
  load: Load
  /** `items` came from the server at least once. */
  loaded: boolean
  types: AccountType[]
  typesLoading: boolean
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
  items: [],
  load: idleLoad,
  loaded: false,
  types: [],
  typesLoading: false,
  createOpen: false,
  creating: false,
  createError: null,
  disable: idleDisable,
}

const accountsSlice = createSlice({
  name: 'accounts',
  initialState,
  reducers: {
    accountsRequested(state) {
      state.load = loadStarted()
    },
    accountsLoaded(state, action: PayloadAction<Account[]>) {
      state.items = action.payload
      state.load = loadSucceeded()
      state.loaded = true
    },
    /** The payload is the reason shown where the accounts would be. */
    accountsFailed(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
    },

    accountTypesRequested(state) {
      state.typesLoading = true
    },
    accountTypesLoaded(state, action: PayloadAction<AccountType[]>) {
      state.types = action.payload
      state.typesLoading = false
    },
    accountTypesFailed(state) {
      state.typesLoading = false
    },

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
    createAccountSucceeded(state, action: PayloadAction<Account>) {
      state.creating = false
      state.createOpen = false
      if (!state.items.some((a) => a.accountNumber === action.payload.accountNumber)) state.items.push(action.payload)
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
  extraReducers: (builder) => {
    builder.addCase(summaryLoaded, (state, action) => {
      state.items = action.payload.accounts
      state.loaded = true
    })
  },
})

export const {
  accountsRequested,
  accountsLoaded,
  accountsFailed,
  accountTypesRequested,
  accountTypesLoaded,
  accountTypesFailed,
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

/** Accounts that can send money: disabled ones are never offered as a source. */
export const selectActiveAccounts = createSelector([(state: { accounts: AccountsState }) => state.accounts.items], (items) =>
  items.filter((a) => isActive(a)),
)

export function isActive(account: Pick<Account, 'status'>): boolean {
  return account.status === 'ACTIVE'
}
