/**
 * Registration (docs/contract.md §4.1): stage 1 personal details on one
 * of two tabs, stage 2 password, then e-mail verification (stage 3, its own
 * page). Stage-1 values live here so Previous brings them back; the form's option
 * lists are reads (reads.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AccountOwnerDetails, FieldError, NewUserDetails, PasswordValues, RegistrationType } from './types'

export type SignupStage = 1 | 2

export interface RegistrationState {
  tab: RegistrationType
  stage: SignupStage
  newUser: NewUserDetails | null
  owner: AccountOwnerDetails | null
  submitting: boolean
  /** The last refusal's field errors, for the forms to show under their fields. */
  fieldErrors: FieldError[]
  verifying: boolean
  resending: boolean
  /** Bumped on each refused code so the boxes clear themselves. */
  verifyFailures: number
}

export const initialRegistrationState: RegistrationState = {
  tab: 'NEW',
  stage: 1,
  newUser: null,
  owner: null,
  submitting: false,
  fieldErrors: [],
  verifying: false,
  resending: false,
  verifyFailures: 0,
}

/** The fields of the New User tab (stage 1). */
export const NEW_USER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'dateOfBirth',
  'bvn',
  'gender',
  'stateOfResidence',
  'address',
  'employmentStatus',
  'maritalStatus',
  'accountTypeId',
] as const

/** Fields of stage 1 (either tab); anything else belongs to stage 2. */
export const STAGE_ONE_FIELDS = new Set<string>([...NEW_USER_FIELDS, 'accountNUBAN'])

const registrationSlice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    /** /signup opened (its option lists are reads, reads.ts). */
    signupOpened(state) {
      state.fieldErrors = []
    },
    tabChanged(state, action: PayloadAction<RegistrationType>) {
      state.tab = action.payload
      state.fieldErrors = []
    },
    newUserDetailsSubmitted(state, action: PayloadAction<NewUserDetails>) {
      state.newUser = action.payload
      state.tab = 'NEW'
      state.stage = 2
      state.fieldErrors = []
    },
    ownerDetailsSubmitted(state, action: PayloadAction<AccountOwnerDetails>) {
      state.owner = action.payload
      state.tab = 'ACCOUNT_OWNER'
      state.stage = 2
      state.fieldErrors = []
    },
    /** Previous: back to stage 1, the entered details kept. */
    stageBack(state) {
      state.stage = 1
      state.fieldErrors = []
    },
    registerRequested(state, _action: PayloadAction<PasswordValues>) {
      state.submitting = true
      state.fieldErrors = []
    },
    registerSucceeded() {
      // Start the next visit afresh (the option lists are reads, kept by RTK Query).
      return initialRegistrationState
    },
    registerFailed(state, action: PayloadAction<FieldError[]>) {
      state.submitting = false
      state.fieldErrors = action.payload
      // A refused personal detail is fixed on stage 1, so go back there to show it.
      if (action.payload.some((error) => STAGE_ONE_FIELDS.has(error.field))) state.stage = 1
    },
    verifyEmailRequested(state, _action: PayloadAction<{ email: string; code: string }>) {
      state.verifying = true
    },
    verifyEmailSucceeded(state) {
      state.verifying = false
    },
    verifyEmailFailed(state) {
      state.verifying = false
      state.verifyFailures += 1
    },
    resendCodeRequested(state, _action: PayloadAction<{ email: string }>) {
      state.resending = true
    },
    resendCodeFinished(state) {
      state.resending = false
    },
  },
})

export const {
  signupOpened,
  tabChanged,
  newUserDetailsSubmitted,
  ownerDetailsSubmitted,
  stageBack,
  registerRequested,
  registerSucceeded,
  registerFailed,
  verifyEmailRequested,
  verifyEmailSucceeded,
  verifyEmailFailed,
  resendCodeRequested,
  resendCodeFinished,
} = registrationSlice.actions
export const registrationReducer = registrationSlice.reducer

export const selectRegistration = (state: { registration: RegistrationState }) => state.registration
