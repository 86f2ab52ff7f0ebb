/** Wire types of the account calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from './schema'

type Schemas = components['schemas']

export type AccountType = Schemas['accounts_schemas_AccountTypeOut']
export type CreateAccountRequest = Schemas['CreateAccountIn']
export type AccountCreated = Schemas['AccountCreatedOut']
/** The first step of any code-confirmed action: where the code went, and which factor. */
export type CodeSent = Schemas['CodeSentOut']
export type ConfirmCodeRequest = Schemas['ConfirmCodeIn']
export type MessageResponse = Schemas['MessageOut']
