/** Builds the two registration bodies from the stage-1 and stage-2 values. */
import type {
  AccountOwnerDetails,
  AccountOwnerRequest,
  NewUserDetails,
  NewUserRequest,
  PasswordValues,
  RegistrationEnums,
} from './types'

const DEFAULT_CLIENT_TYPE = 'INDIVIDUAL'

export function newUserPayload(
  details: NewUserDetails,
  password: PasswordValues,
  enums: RegistrationEnums | null,
): NewUserRequest {
  return {
    phoneNumber: details.phoneNumber.trim(),
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: details.email.trim(),
    // Already dd/mm/yyyy: the form formats the picked date that way.
    dateOfBirth: details.dateOfBirth,
    bvn: details.bvn.trim(),
    accountTypeId: details.accountTypeId,
    stateOfResidence: details.stateOfResidence,
    gender: details.gender,
    address: details.address.trim(),
    employmentStatus: details.employmentStatus,
    maritalStatus: details.maritalStatus,
    clientType: enums?.clientType[0] ?? DEFAULT_CLIENT_TYPE,
    password: password.password,
    confirmPassword: password.confirmPassword,
    registrationType: 'NEW',
  }
}

/** Account owners: empty values are dropped from the payload (docs/contract.md §4.2). */
export function accountOwnerPayload(details: AccountOwnerDetails, password: PasswordValues): AccountOwnerRequest {
  const payload: Record<string, string> = {
    registrationType: 'ACCOUNT_OWNER',
    accountNUBAN: details.accountNUBAN?.trim() ?? '',
    bvn: details.bvn?.trim() ?? '',
    phoneNumber: details.phoneNumber?.trim() ?? '',
    email: details.email?.trim() ?? '',
    password: password.password,
    confirmPassword: password.confirmPassword,
  }
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== '')) as AccountOwnerRequest
}

