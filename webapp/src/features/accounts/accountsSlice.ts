/**
 * The signed-in customer's accounts. Filled by GET /api/accounts and also by
 * the dashboard summary (which carries the same list), so pages that need the
 * accounts (transfer, settings) rarely have to ask again.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Account } from '../../api/types'
import { summaryLoaded } from '../dashboard/dashboardSlice'

export interface AccountsState {
  items: Account[]
  loading: boolean
  loaded: boolean
}

const initialState: AccountsState = { items: [], loading: false, loaded: false }

const accountsSlice = createSlice({
  name: 'accounts',
  initialState,
  reducers: {
    accountsRequested(state) {
      state.loading = true
    },
    accountsLoaded(state, action: PayloadAction<Account[]>) {
      state.items = action.payload
      state.loading = false
      state.loaded = true
    },
    accountsFailed(state) {
      state.loading = false
    },
  },
  extraReducers: (builder) => {
    builder.addCase(summaryLoaded, (state, action) => {
      state.items = action.payload.accounts
      state.loaded = true
    })
  },
})

export const { accountsRequested, accountsLoaded, accountsFailed } = accountsSlice.actions
export const accountsReducer = accountsSlice.reducer
export const selectAccounts = (state: { accounts: AccountsState }) => state.accounts
