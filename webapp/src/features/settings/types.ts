/** Wire types of the settings calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type ChangePasswordRequest = Schemas['ChangePasswordIn']
export type TransactionLimit = Schemas['TransactionLimitOut']
export type TransactionLimitRequest = Schemas['TransactionLimitIn']
export type TransactionLimitPending = Schemas['TransactionLimitPendingOut']
export type TransactionLimitConfirmRequest = Schemas['TransactionLimitConfirmIn']
export type TwoFactorType = Schemas['TwoFactorTypeOut']
export type GoogleCredentials = Schemas['GoogleCredentialsOut']
export type TwoFactorConfirmRequest = Schemas['TwoFactorConfirmIn']
