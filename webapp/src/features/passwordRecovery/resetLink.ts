/** Reading the reset link's path (/reset-password/{code}/{email}). */
import { decodeBase64 } from '../../lib/base64'

/**
 * The e-mail path segment: the BFF's links carry the address URL-encoded
 * (the router has decoded it already); a base64 one is accepted as well.
 */
export function emailFromPath(segment: string | undefined): string {
  const value = (segment ?? '').trim()
  if (value.includes('@')) return value
  const decoded = decodeBase64(value)
  return decoded?.includes('@') ? decoded : value
}
