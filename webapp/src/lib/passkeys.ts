/**
 * The browser's side of passkeys (WebAuthn), through @simplewebauthn/browser.
 * The library is imported only when a ceremony starts, so the login route's
 * first download stays within its budget (docs/frontend.md, "Passkeys").
 */
import type { PasskeyAssertion, PasskeyRegistration } from '../api/types'

type Options = Record<string, unknown>

/** Shown when the customer closes the browser's prompt or it times out. */
export const PASSKEY_CANCELLED = 'Passkey request was cancelled. You can try again.'
/** Shown when this browser or device cannot use passkeys at all. */
export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys. Please use your password and code.'

/** A ceremony that did not produce a credential, in words for the customer. */
export class PasskeyCeremonyFailed extends Error {}

function reason(error: unknown): PasskeyCeremonyFailed {
  const name = error instanceof Error ? error.name : ''
  // NotAllowedError: dismissed, timed out, or no matching passkey on this device.
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyCeremonyFailed(PASSKEY_CANCELLED)
  if (name === 'NotSupportedError' || name === 'SecurityError') return new PasskeyCeremonyFailed(PASSKEY_UNSUPPORTED)
  return new PasskeyCeremonyFailed(error instanceof Error && error.message ? error.message : PASSKEY_CANCELLED)
}

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** navigator.credentials.get() with the server's request options. */
export async function getPasskeyAssertion(options: Options): Promise<PasskeyAssertion> {
  if (!passkeysSupported()) throw new PasskeyCeremonyFailed(PASSKEY_UNSUPPORTED)
  const { startAuthentication } = await import('@simplewebauthn/browser')
  try {
    const answer = await startAuthentication({ optionsJSON: options as never })
    return answer as unknown as PasskeyAssertion
  } catch (error) {
    throw reason(error)
  }
}

/** Whether this browser offers passkeys in the e-mail field's autofill (WebAuthn's
 * conditional mediation): Chrome, Safari and Edge do; where it cannot tell, no. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false
  const credential = window.PublicKeyCredential as unknown as {
    isConditionalMediationAvailable?: () => Promise<boolean>
  }
  if (typeof credential.isConditionalMediationAvailable !== 'function') return false
  try {
    return await credential.isConditionalMediationAvailable()
  } catch {
    return false
  }
}

/** navigator.credentials.get() in conditional mediation: it waits, with no prompt, until the
 * customer picks a passkey from the e-mail field's autofill. Null when it ends without one,
 * whatever the reason: the page moved on (`cancelPasskeyAutofill`), the passkey button
 * started its own ceremony (which aborts this one), or the browser would not start it (an
 * origin the passkeys are not bound to, say). The customer asked for nothing, so nothing is
 * said; the button and the password still work. */
export async function getPasskeyFromAutofill(options: Options): Promise<PasskeyAssertion | null> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  try {
    const answer = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: true })
    return answer as unknown as PasskeyAssertion
  } catch {
    return null
  }
}

/** Ends a waiting autofill ceremony (the login form is gone). */
export async function cancelPasskeyAutofill(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser')
  WebAuthnAbortService.cancelCeremony()
}

/** navigator.credentials.create() with the server's creation options. */
export async function createPasskey(options: Options): Promise<PasskeyRegistration> {
  if (!passkeysSupported()) throw new PasskeyCeremonyFailed(PASSKEY_UNSUPPORTED)
  const { startRegistration } = await import('@simplewebauthn/browser')
  try {
    const answer = await startRegistration({ optionsJSON: options as never })
    return answer as unknown as PasskeyRegistration
  } catch (error) {
    throw reason(error)
  }
}
