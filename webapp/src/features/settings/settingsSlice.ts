/**
 * Settings (spec part 2, "Settings page"): change password, transaction
 * limits (Set Limit → code → confirm) and the second factor (choose a method
 * → QR code or OTP → confirm with the code(s)).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { GoogleCredentials, TransactionLimit, TransactionLimitPending } from './types'

export type SecondFactorType = 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'

export interface FieldError {
  field: string
  message: string
}

export interface SettingsState {
  password: { submitting: boolean; changed: number; errors: FieldError[] }
  limits: { items: TransactionLimit[]; loading: boolean; loaded: boolean }
  limitChange: {
    step: 'idle' | 'editing' | 'submitting' | 'code' | 'confirming'
    nuban: string | null
    transferType: string | null
    pending: TransactionLimitPending | null
    failures: number
    errors: FieldError[]
  }
  twoFactor: {
    type: SecondFactorType | null
    loading: boolean
    setup: {
      target: SecondFactorType | null
      step: 'idle' | 'generating' | 'code' | 'confirming'
      credentials: GoogleCredentials | null
      message: string | null
      failures: number
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
  password: { submitting: false, changed: 0, errors: [] },
  limits: { items: [], loading: false, loaded: false },
  limitChange: idleLimitChange,
  twoFactor: { type: null, loading: false, setup: idleSetup },
}

export interface LimitValues {
  dailyTransactionLimit: number
  singleTransactionLimit: number
}

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    changePasswordRequested(state, _action: PayloadAction<{ oldPassword: string; newPassword: string; confirmPassword: string }>) {
      state.password.submitting = true
      state.password.errors = []
    },
    changePasswordSucceeded(state) {
      state.password.submitting = false
      state.password.changed += 1
    },
    changePasswordFailed(state, action: PayloadAction<FieldError[]>) {
      state.password.submitting = false
      state.password.errors = action.payload
    },

    limitsRequested(state) {
      state.limits.loading = true
    },
    limitsLoaded(state, action: PayloadAction<TransactionLimit[]>) {
      state.limits = { items: action.payload, loading: false, loaded: true }
    },
    limitsFailed(state) {
      state.limits.loading = false
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
    limitConfirmRequested(state, _action: PayloadAction<{ otp: string }>) {
      state.limitChange.step = 'confirming'
    },
    limitCodeRejected(state) {
      state.limitChange.step = 'code'
      state.limitChange.failures += 1
    },
    limitChangeClosed(state) {
      state.limitChange = idleLimitChange
    },

    twoFactorTypeRequested(state) {
      state.twoFactor.loading = true
    },
    twoFactorTypeLoaded(state, action: PayloadAction<SecondFactorType>) {
      state.twoFactor.type = action.payload
      state.twoFactor.loading = false
    },
    twoFactorTypeFailed(state) {
      state.twoFactor.loading = false
    },
    twoFactorSetupRequested(state, action: PayloadAction<{ target: SecondFactorType }>) {
      state.twoFactor.setup = { ...idleSetup, target: action.payload.target, step: 'generating' }
    },
    twoFactorSetupReady(state, action: PayloadAction<{ message: string; credentials: GoogleCredentials | null }>) {
      state.twoFactor.setup.step = 'code'
      state.twoFactor.setup.message = action.payload.message
      state.twoFactor.setup.credentials = action.payload.credentials
    },
    twoFactorConfirmRequested(state, _action: PayloadAction<{ code: string; currentCode: string | null }>) {
      state.twoFactor.setup.step = 'confirming'
    },
    twoFactorCodeRejected(state) {
      state.twoFactor.setup.step = 'code'
      state.twoFactor.setup.failures += 1
    },
    twoFactorSetupClosed(state) {
      state.twoFactor.setup = idleSetup
    },
  },
})

export const {
  changePasswordRequested,
  changePasswordSucceeded,
  changePasswordFailed,
  limitsRequested,
  limitsLoaded,
  limitsFailed,
  limitEditOpened,
  limitChangeRequested,
  limitChangeRefused,
  limitCodeSent,
  limitConfirmRequested,
  limitCodeRejected,
  limitChangeClosed,
  twoFactorTypeRequested,
  twoFactorTypeLoaded,
  twoFactorTypeFailed,
  twoFactorSetupRequested,
  twoFactorSetupReady,
  twoFactorConfirmRequested,
  twoFactorCodeRejected,
  twoFactorSetupClosed,
} = settingsSlice.actions
export const settingsReducer = settingsSlice.reducer
export const selectSettings = (state: { settings: SettingsState }) => state.settings
