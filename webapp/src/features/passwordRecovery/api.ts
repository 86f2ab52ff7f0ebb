/** Password recovery calls (docs/contract.md §5). */
import type { Endpoint } from '../../api/client'
import type { components } from '../../api/schema'
import { AUTH_BASE } from '../../api/paths'
import { encodeBase64 } from '../../lib/base64'

type Schemas = components['schemas']
export type PasswordResetRequest = Schemas['PasswordResetIn']
export type LinkValidResponse = Schemas['LinkValidOut']
export type MessageResponse = Schemas['MessageOut']

/** The identifier (e-mail or phone) travels base64-encoded in the path. */
export const forgotPasswordEndpoint = (identifier: string): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${AUTH_BASE}/password/forgot/${encodeURIComponent(encodeBase64(identifier))}`,
})

export const verifyResetLinkEndpoint = (resetCode: string, email: string): Endpoint<LinkValidResponse> => ({
  method: 'GET',
  path: `${AUTH_BASE}/password/verify`,
  query: { resetCode, email },
})

export const resetPasswordEndpoint = (body: PasswordResetRequest): Endpoint<MessageResponse> => ({
  method: 'PATCH',
  path: `${AUTH_BASE}/password/reset`,
  body,
})
