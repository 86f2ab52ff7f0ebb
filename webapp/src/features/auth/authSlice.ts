/**
 * The two-step login (docs/contract.md §3): credentials, then a 6-character
 * code. `challenge` is what the login call returned and what the
 * verification call needs back.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { LoginRequest, LoginResponse } from '../../api/types'

export type LoginStep = 'credentials' | 'verification'

export interface AuthState {
  step: LoginStep
  loading: boolean
  challenge: LoginResponse | null
  /** Bumped on each failed verification so the code boxes can clear themselves. */
  verifyFailures: number
}

const initialState: AuthState = {
  step: 'credentials',
  loading: false,
  challenge: null,
  verifyFailures: 0,
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.loading = true
    },
    loginSucceeded(state, action: PayloadAction<LoginResponse>) {
      state.loading = false
      state.challenge = action.payload
      state.step = 'verification'
    },
    loginFailed(state) {
      state.loading = false
    },
    verifyRequested(state, _action: PayloadAction<{ otp: string }>) {
      state.loading = true
    },
    verifySucceeded() {
      return initialState
    },
    verifyFailed(state) {
      state.loading = false
      state.verifyFailures += 1
    },
    backToCredentials() {
      return initialState
    },
    /** "Sign in with a passkey": no identifier, no code step. */
    passkeySignInRequested(state) {
      state.loading = true
    },
    passkeySignInFailed(state) {
      state.loading = false
    },
    /** The login form opened where the e-mail field's autofill can offer passkeys. */
    passkeyAutofillOffered() {},
  },
})

export const {
  loginRequested,
  loginSucceeded,
  loginFailed,
  verifyRequested,
  verifySucceeded,
  verifyFailed,
  backToCredentials,
  passkeySignInRequested,
  passkeySignInFailed,
  passkeyAutofillOffered,
} = authSlice.actions
export const authReducer = authSlice.reducer

export const selectAuth = (state: { auth: AuthState }) => state.auth
