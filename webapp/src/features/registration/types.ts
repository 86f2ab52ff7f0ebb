/**
 * Wire types of registration and e-mail verification, taken from the BFF's
 * OpenAPI document (src/api/schema.d.ts) so that mocks and server agree.
 */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type RegistrationEnums = Schemas['RegistrationEnumsOut']
export type StateOption = Schemas['StateOut']
export type AccountTypeOption = Schemas['registration_schemas_AccountTypeOut']
export type NewUserRequest = Schemas['NewUserIn']
export type AccountOwnerRequest = Schemas['AccountOwnerIn']
export type RegisteredResponse = Schemas['RegisteredOut']
export type EmailVerificationRequest = Schemas['EmailVerificationIn']
export type EmailRequest = Schemas['EmailIn']
export type MessageResponse = Schemas['MessageOut']

export type RegistrationType = 'NEW' | 'ACCOUNT_OWNER'

/** Stage-1 values of the New User tab, kept serialisable (date of birth as dd/mm/yyyy). */
export interface NewUserDetails {
  firstName: string
  lastName: string
  email: string
  phoneNumber: string
  dateOfBirth: string
  bvn: string
  gender: string
  stateOfResidence: string
  address: string
  employmentStatus: string
  maritalStatus: string
  accountTypeId: number
}

/** Stage-1 values of the Bank Account Owner tab. */
export interface AccountOwnerDetails {
  accountNUBAN?: string
  bvn?: string
  phoneNumber?: string
  email: string
}

export interface PasswordValues {
  password: string
  confirmPassword: string
}

export type { FieldError } from '../../api/fieldErrors'
