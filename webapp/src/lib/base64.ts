/**
 * Base64 of e-mail addresses and phone numbers: /verify-email carries the
 * address in its `email` query parameter, and the forgot-password call puts
 * the identifier in its path (docs/contract.md §4.1 and §5.1). UTF-8 safe.
 */

export function encodeBase64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Decodes standard or URL-safe base64, with or without padding. A `+` that
 * arrived unescaped in a query string reads back as a space; it is restored.
 * Returns null for anything that is not base64 of UTF-8 text.
 */
export function decodeBase64(encoded: string | null | undefined): string | null {
  if (!encoded) return null
  let text = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null
  text = text.replace(/=+$/, '')
  if (text.length % 4 === 1) return null
  text += '='.repeat((4 - (text.length % 4)) % 4)
  try {
    const binary = atob(text)
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return decoded.trim() ? decoded : null
  } catch {
    return null
  }
}

/** The /verify-email address for `email`. */
export function verifyEmailPath(email: string): string {
  return `/verify-email?${new URLSearchParams({ email: encodeBase64(email) }).toString()}`
}
