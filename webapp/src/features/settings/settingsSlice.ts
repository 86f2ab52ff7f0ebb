/**
 * Settings (docs/contract.md §14.1): change password, transaction
 * limits (Set Limit → code → confirm) and the second factor (choose a method
 * → QR code or OTP → confirm with the code(s)). The limits and the current method
 * are reads (reads.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { CodeSent } from '../../api/accountTypes'
import { codeStepReducers } from '../../store/codeStep/slice'
import type { GoogleCredentials, TransactionLimitPending } from './types'

export type SecondFactorType = 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'

export interface FieldError {
  field: string
  message: string
}

export interface PasswordValues {
  oldPassword: string
  newPassword: string
  confirmPassword: string
}

export interface SettingsState {
  password: {
    submitting: boolean
    changed: number
    errors: FieldError[]
    /** Set while the code dialog is open (step-up, issue 12): where the code went. The
     * passwords stay in the form, which sends them again with the code. */
    codeSent: CodeSent | null
    /** Goes up each time a code is refused, which clears the boxes. */
    codeFailures: number
  }
  limitChange: {
    step: 'idle' | 'editing' | 'submitting' | 'code' | 'confirming'
    nuban: string | null
    transferType: string | null
    pending: TransactionLimitPending | null
    failures: number
    errors: FieldError[]
  }
  twoFactor: {
    setup: {
      target: SecondFactorType | null
      step: 'idle' | 'generating' | 'code' | 'confirming'
      credentials: GoogleCredentials | null
      message: string | null
      failures: number
      /** The customer chose the current method's code over their passkey (issue 40). */
      withCurrentCode?: boolean
    }
  }
}

const idleLimitChange: SettingsState['limitChange'] = {
  step: 'idle',
  nuban: null,
  transferType: null,
  pending: null,
  failures: 0,
  errors: [],
}
const idleSetup: SettingsState['twoFactor']['setup'] = {
  target: null,
  step: 'idle',
  credentials: null,
  message: null,
  failures: 0,
}

const initialState: SettingsState = {
  password: { submitting: false, changed: 0, errors: [], codeSent: null, codeFailures: 0 },
  limitChange: idleLimitChange,
  twoFactor: { setup: idleSetup },
}

export interface LimitValues {
  dailyTransactionLimit: number
  singleTransactionLimit: number
}

const limitStep = codeStepReducers((state: SettingsState) => state.limitChange)
/** `passkey`: a passkey approves the switch instead of the current method's code. */
const twoFactorStep = codeStepReducers<SettingsState, { code: string; currentCode: string | null; passkey?: boolean }>(
  (state) => state.twoFactor.setup,
)

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    /** Step 1: the form, without a code; the server checks it and sends a code (202). */
    changePasswordRequested(state, _action: PayloadAction<PasswordValues>) {
      state.password.submitting = true
      state.password.errors = []
    },
    changePasswordCodeSent(state, action: PayloadAction<CodeSent>) {
      state.password.submitting = false
      state.password.codeSent = action.payload
      state.password.codeFailures = 0
    },
    /** Step 2: the same form again, with the code. */
    changePasswordConfirmed(state, _action: PayloadAction<PasswordValues & { otp: string }>) {
      state.password.submitting = true
    },
    changePasswordSucceeded(state) {
      state.password.submitting = false
      state.password.codeSent = null
      state.password.changed += 1
    },
    /** A refused code keeps the dialog open with empty boxes; errors about the form's own
     * fields close it and land on those fields. */
    changePasswordFailed(state, action: PayloadAction<FieldError[]>) {
      state.password.submitting = false
      const onForm = action.payload.filter((e) => e.field !== 'otp')
      if (state.password.codeSent && onForm.length === 0) {
        state.password.codeFailures += 1
        return
      }
      state.password.codeSent = null
      state.password.errors = onForm
    },
    changePasswordClosed(state) {
      if (state.password.submitting) return
      state.password.codeSent = null
    },

    limitEditOpened(state, action: PayloadAction<{ nuban: string; transferType: string | null }>) {
      state.limitChange = { ...idleLimitChange, step: 'editing', ...action.payload }
    },
    limitChangeRequested(state, _action: PayloadAction<LimitValues>) {
      state.limitChange.step = 'submitting'
      state.limitChange.errors = []
    },
    limitChangeRefused(state, action: PayloadAction<FieldError[]>) {
      state.limitChange.step = 'editing'
      state.limitChange.errors = action.payload
    },
    limitCodeSent(state, action: PayloadAction<TransactionLimitPending>) {
      state.limitChange.step = 'code'
      state.limitChange.pending = action.payload
    },
    limitConfirmRequested: limitStep.confirmRequested,
    limitPasskeyRequested: limitStep.passkeyRequested,
    limitPasskeyFailed: limitStep.passkeyFailed,
    limitCodeRejected: limitStep.codeRejected,
    limitChangeClosed(state) {
      state.limitChange = idleLimitChange
    },

    twoFactorSetupRequested(state, action: PayloadAction<{ target: SecondFactorType }>) {
      state.twoFactor.setup = { ...idleSetup, target: action.payload.target, step: 'generating' }
    },
    twoFactorSetupReady(state, action: PayloadAction<{ message: string; credentials: GoogleCredentials | null }>) {
      state.twoFactor.setup.step = 'code'
      state.twoFactor.setup.message = action.payload.message
      state.twoFactor.setup.credentials = action.payload.credentials
    },
    twoFactorConfirmRequested: twoFactorStep.confirmRequested,
    twoFactorPasskeyFailed: twoFactorStep.passkeyFailed,
    /** "Use a code instead": the current method's code boxes, this switch only. */
    twoFactorCurrentCodeChosen(state) {
      state.twoFactor.setup.withCurrentCode = true
    },
    twoFactorCodeRejected: twoFactorStep.codeRejected,
    twoFactorSetupClosed(state) {
      state.twoFactor.setup = idleSetup
    },
  },
})

export const {
  changePasswordRequested,
  changePasswordCodeSent,
  changePasswordConfirmed,
  changePasswordSucceeded,
  changePasswordFailed,
  changePasswordClosed,
  limitEditOpened,
  limitChangeRequested,
  limitChangeRefused,
  limitCodeSent,
  limitConfirmRequested,
  limitCodeRejected,
  limitPasskeyRequested,
  limitPasskeyFailed,
  limitChangeClosed,
  twoFactorSetupRequested,
  twoFactorSetupReady,
  twoFactorConfirmRequested,
  twoFactorCodeRejected,
  twoFactorPasskeyFailed,
  twoFactorCurrentCodeChosen,
  twoFactorSetupClosed,
} = settingsSlice.actions
export const settingsReducer = settingsSlice.reducer
export const selectSettings = (state: { settings: SettingsState }) => state.settings
