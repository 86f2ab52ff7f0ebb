/** The instant-transfer switch's texts; the state's sentences are the BFF's (docs/contract.md §16.3). */
export const INSTANT_TRANSFERS = 'Instant transfers'
export const ON_AGAIN = 'Instant transfers are on again.'

// Not from the contract: the failed state, the off confirmation and the approval dialog.
export const INSTANT_FAILED = 'We could not check your instant transfers'
export const SWITCH_OFF_TITLE = 'Switch instant transfers off?'
export const SWITCH_OFF_TEXT = 'No transfer can leave your accounts for someone else until you switch them back on, with a code.'
export const SWITCH_ON_TITLE = 'Switch instant transfers on'
export const SWITCH_ON_PASSKEY = 'Confirm with your fingerprint, face or screen lock. Your passkey approves only switching instant transfers on.'
