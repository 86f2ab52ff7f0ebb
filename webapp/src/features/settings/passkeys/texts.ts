/** Texts of the passkeys part of Settings (docs/contract.md, "Passkeys"). */
export const PASSKEY_OPTION = 'Passkey (fingerprint, face or screen lock)'
export const PASSKEY_ADDED = 'Passkey added successfully'
export const PASSKEY_REMOVED = 'Passkey removed successfully'
export const PASSKEYS_FAILED = "We couldn't load your passkeys"
export const PASSKEY_RENAMED = 'Passkey renamed'
