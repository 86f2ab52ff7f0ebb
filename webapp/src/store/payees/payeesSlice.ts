/**
 * Payees: the name look-ups (keyed by the form that asked). Transfers,
 * beneficiaries and scheduled payments share them; the form side is
 * components/payee (useNameLookup, LookupStatus). The bank list is a read (api.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { NameInquiry } from '../../api/transferTypes'

export interface LookupState {
  accountNumber: string
  bankCode: string
  status: 'loading' | 'resolved' | 'failed'
  result: NameInquiry | null
  error: string | null
}

export interface PayeesState {
  lookups: Record<string, LookupState>
}

const initialState: PayeesState = { lookups: {} }

interface LookupKey {
  key: string
  accountNumber: string
  bankCode: string
}

const isCurrent = (state: PayeesState, { key, accountNumber, bankCode }: LookupKey) => {
  const current = state.lookups[key]
  return current && current.accountNumber === accountNumber && current.bankCode === bankCode
}

const payeesSlice = createSlice({
  name: 'payees',
  initialState,
  reducers: {
    lookupRequested(state, action: PayloadAction<LookupKey>) {
      const { key, accountNumber, bankCode } = action.payload
      state.lookups[key] = { accountNumber, bankCode, status: 'loading', result: null, error: null }
    },
    lookupResolved(state, action: PayloadAction<LookupKey & { result: NameInquiry }>) {
      // A slower answer for a number the customer has since changed is ignored.
      if (!isCurrent(state, action.payload)) return
      state.lookups[action.payload.key] = { ...state.lookups[action.payload.key], status: 'resolved', result: action.payload.result }
    },
    lookupFailed(state, action: PayloadAction<LookupKey & { error: string }>) {
      if (!isCurrent(state, action.payload)) return
      state.lookups[action.payload.key] = { ...state.lookups[action.payload.key], status: 'failed', error: action.payload.error }
    },
    /** A beneficiary chosen from the saved list counts as a resolved name. */
    lookupSet(state, action: PayloadAction<LookupKey & { result: NameInquiry }>) {
      const { key, accountNumber, bankCode, result } = action.payload
      state.lookups[key] = { accountNumber, bankCode, status: 'resolved', result, error: null }
    },
    lookupCleared(state, action: PayloadAction<string>) {
      delete state.lookups[action.payload]
    },
  },
})

export const { lookupRequested, lookupResolved, lookupFailed, lookupSet, lookupCleared } =
  payeesSlice.actions
export const payeesReducer = payeesSlice.reducer

type WithPayees = { payees: PayeesState }
export const selectPayees = (state: WithPayees) => state.payees
export const selectLookup = (key: string) => (state: WithPayees) => state.payees.lookups[key] as LookupState | undefined
