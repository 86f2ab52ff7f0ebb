/** Registration and e-mail verification calls (docs/contract.md §4). */
import type { Endpoint } from '../../api/client'
import { AUTH_BASE } from '../../api/paths'
import type {
  AccountOwnerRequest,
  AccountTypeOption,
  EmailRequest,
  EmailVerificationRequest,
  MessageResponse,
  NewUserRequest,
  RegisteredResponse,
  RegistrationEnums,
  StateOption,
} from './types'

export const registrationEnumsEndpoint = (): Endpoint<RegistrationEnums> => ({
  method: 'GET',
  path: `${AUTH_BASE}/registration-enums`,
})

export const statesEndpoint = (): Endpoint<StateOption[]> => ({ method: 'GET', path: `${AUTH_BASE}/states` })

export const accountTypesEndpoint = (): Endpoint<AccountTypeOption[]> => ({
  method: 'GET',
  path: `${AUTH_BASE}/account-types`,
})

export const registerNewEndpoint = (body: NewUserRequest): Endpoint<RegisteredResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/registration/new`,
  body,
})

export const registerExistingEndpoint = (body: AccountOwnerRequest): Endpoint<RegisteredResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/registration/existing`,
  body,
})

export const verifyEmailEndpoint = (body: EmailVerificationRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/email/verification`,
  body,
})

export const resendEmailCodeEndpoint = (body: EmailRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/email/resend-code`,
  body,
})
