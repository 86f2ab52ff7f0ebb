/** The field errors of a 400/409 problem document (docs/contract.md), for pushing back onto a form. */
import type { ApiError } from './client'

/** One entry of a 400 problem's `errors` list. */
export interface FieldError {
  field: string
  message: string
}

/** The `errors: [{field, message}]` of a 400/409 problem, if it has one. */
export function fieldErrorsOf(error: ApiError | undefined): FieldError[] {
  const body = error?.body
  if (!body || typeof body !== 'object' || !('errors' in body)) return []
  const { errors } = body as { errors: unknown }
  if (!Array.isArray(errors)) return []
  return errors.filter(
    (e): e is FieldError =>
      !!e && typeof e === 'object' && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).message === 'string',
  )
}
