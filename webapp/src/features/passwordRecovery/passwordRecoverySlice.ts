/** Forgot password (request a link) and reset password (use it): docs/contract.md §5. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { FieldError } from '../../api/fieldErrors'
import type { PasswordResetRequest } from './api'

export type LinkCheck = 'checking' | 'valid' | 'invalid'

export interface PasswordRecoveryState {
  sending: boolean
  /** The identifier a link was sent for; the page then shows "Mail Sent Successfully". */
  sentTo: string | null
  linkCheck: LinkCheck
  invalidMessage: string | null
  resetting: boolean
  fieldErrors: FieldError[]
}

export const initialPasswordRecoveryState: PasswordRecoveryState = {
  sending: false,
  sentTo: null,
  linkCheck: 'checking',
  invalidMessage: null,
  resetting: false,
  fieldErrors: [],
}

const passwordRecoverySlice = createSlice({
  name: 'passwordRecovery',
  initialState: initialPasswordRecoveryState,
  reducers: {
    forgotPageOpened(state) {
      state.sending = false
      state.sentTo = null
    },
    forgotRequested(state, _action: PayloadAction<string>) {
      state.sending = true
    },
    forgotSucceeded(state, action: PayloadAction<string>) {
      state.sending = false
      state.sentTo = action.payload
    },
    forgotFailed(state) {
      state.sending = false
    },
    resetLinkCheckRequested(state, _action: PayloadAction<{ resetCode: string; email: string }>) {
      state.linkCheck = 'checking'
      state.invalidMessage = null
      state.fieldErrors = []
    },
    resetLinkValid(state) {
      state.linkCheck = 'valid'
    },
    resetLinkInvalid(state, action: PayloadAction<string>) {
      state.linkCheck = 'invalid'
      state.invalidMessage = action.payload
      state.resetting = false
    },
    resetRequested(state, _action: PayloadAction<PasswordResetRequest>) {
      state.resetting = true
      state.fieldErrors = []
    },
    resetSucceeded(state) {
      state.resetting = false
    },
    resetFailed(state, action: PayloadAction<FieldError[]>) {
      state.resetting = false
      state.fieldErrors = action.payload
    },
  },
})

export const {
  forgotPageOpened,
  forgotRequested,
  forgotSucceeded,
  forgotFailed,
  resetLinkCheckRequested,
  resetLinkValid,
  resetLinkInvalid,
  resetRequested,
  resetSucceeded,
  resetFailed,
} = passwordRecoverySlice.actions
export const passwordRecoveryReducer = passwordRecoverySlice.reducer

export const selectPasswordRecovery = (state: { passwordRecovery: PasswordRecoveryState }) => state.passwordRecovery
