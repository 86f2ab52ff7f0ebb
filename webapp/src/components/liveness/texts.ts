/** The selfie step's texts. The states' sentences are the BFF's (docs/contract.md §16.6). */
export const TAKE_SELFIE = 'Take selfie'
export const CONFIRM_ITS_YOU = "Confirm it's you"
export const SELFIE = 'Selfie'

// Not from the contract: the step's own words.
export const LIVENESS_FAILED = 'We could not check your selfie step'
export const CAMERA_STARTING = 'Starting your camera…'
export const NO_CAMERA = 'Your camera is not available here. Take or choose a photo of your face instead: JPEG or PNG, up to 2MB.'
export const CHOOSE_PHOTO = 'Take or choose a photo'
export const USE_PHOTO = 'Use this photo'
export const RETAKE = 'Retake'
export const SEND_FAILED = 'We could not check your selfie. Please try again.'
export const PASSED_TITLE = 'Selfie confirmed'
export const REFERRED_TITLE = 'Our team will check your selfie'
export const triesLeft = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`
