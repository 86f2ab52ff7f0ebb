/** Customer-facing texts of onboarding, word for word from docs/contract.md §6 (typos included). */

export const ONBOARDING_SUBTITLE = 'Complete setting up your account'

/** §6.1's steps, with the selfie (§16.6) after Document Upload. */
export const STEP_TITLES = ['Basic Profile', 'Document Upload', 'Selfie', 'BVN Verification', 'NIN Verification', 'Status'] as const

export const PASSPORT_NAME = 'Passport Photograph'
export const PASSPORT_NOTE = 'Image must be less than 2MB, with a white background and proper lighting.'
export const UPLOAD_PASSPORT = 'Upload Passport'
export const CHANGE_PASSPORT = 'Change Passport'
export const SELECT_UPLOAD_TYPE = 'Select Upload Type'
export const SELECT_AN_OPTION = 'Select an option'
export const UPLOAD_A_FILE = 'Upload a file'
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this document?'

export const CHOOSE_DOCUMENT_TYPE = 'Please select a valid document type before uploading.'
export const UPLOAD_ALL_COMPULSORY = 'Upload all compulsory files'
/** The BFF's sentence for a file that is not PNG or JPEG (docs/contract.md). */

export const BASIC_PROFILE_UPDATED = 'Basic Profile updated successfully'
export const DOCUMENT_UPLOADED = 'Document uploaded successfully'
export const DELETED_SUCCESSFULLY = 'Deleted successfully'

export const ONBOARDING_COMPLETE = 'Your Onboarding is now complete. Log back into the app to access all features.'
export const KINDLY_BE_PATIENT = 'Kindly be patient'

// Error catalogue (docs/contract.md §6.5).
export const DOCUMENTS_FETCH_FAILED = 'An error occurred while fetching uploaded documents'
export const DOWNLOAD_FAILED = 'An error occurred while downloading document'
export const STATUS_FETCH_FAILED = 'An error occurred while fetching onboarding stage status'
export const DOCUMENT_TYPES_FETCH_FAILED = 'An error occurred while fetching documents types'
export const UPLOAD_FAILED = 'An error occurred while uploading document'
export const FILE_READ_FAILED = 'Document upload failed'
export const DELETE_FAILED = 'An error occurred while deleteing document'
export const PROFILE_FETCH_FAILED = 'An error occurred while fetching Basic Profle'
export const PROFILE_UPDATE_FAILED = 'An error occurred while updating basic profile'

// The BFF's format messages for the basic profile (the contract leaves them unstated).
export const PHONE_FORMAT = 'Phone number must be 11 digits'
export const BVN_FORMAT = 'BVN must be 11 digits'
export const NIN_FORMAT = 'NIN must be 11 digits'
export const PROFILE_APPROVED_NOTE = 'Your basic profile has been approved and can no longer be changed.'

export const SECTION_LABELS = {
  BASIC_PROFILE: 'Basic Profile',
  DOCUMENT_VERIFICATION: 'Document Verification',
  BVN_VERIFICATION: 'BVN Verification',
  NIN_VERIFICATION: 'NIN Verification',
} as const

/** Uploads are limited to 2 MB (docs/contract.md §6.3). */
export const ACCEPT_ATTRIBUTE = '.png,.jpg,.jpeg,image/png,image/jpeg'

// The failed states' titles (the reason and Retry show under them).
export const STATUS_FAILED = "We couldn't load your onboarding status"
export const SELFIE_TITLE = 'Selfie'
export const SELFIE_INTRO = 'We match a selfie to the photo on your BVN record, so that nobody else can open an account in your name.'
export const DOCUMENTS_FAILED = "We couldn't load your documents"
export const PROFILE_FAILED = "We couldn't load your basic profile"
