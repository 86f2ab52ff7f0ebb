/** Customer-facing texts of the KYC page, word for word from docs/contract.md §13 (typos included). */
import type { KycLevel } from './types'

export const KYC_HEADING = 'Know Your Customer'

/** The progress rail (docs/contract.md §13.1). */
export const LEVELS: { level: KycLevel; title: string; step: string }[] = [
  { level: 1, title: 'Personal Information', step: '1/3' },
  { level: 2, title: 'Full ID Verification', step: '2/3' },
  { level: 3, title: 'Identification Document', step: '3/3' },
]

// Validation (docs/contract.md §13.2).
export const EITHER_REQUIRED = 'Either BVN or NIN is required'
export const BVN_MIN = 'BVN must be atleast 11 characters'
/** The contract asks for exactly 11 without wording it; this is the BFF's sentence. */
export const NIN_EXACT = 'NIN must be 11 digits'

// Level 3 images.
export const UTILITY_BILL = 'Utility Bill'
export const UTILITY_BILL_NOTE = 'A utility bill obtained within the last three months'
export const ID_CARD = 'Valid Identification Card'
export const ID_CARD_NOTE = "A national ID card, international passport, driver's licence or voter's card"
/** The BFF's sentences for level-3 images (docs/contract.md §13.3). */
export const ONLY_IMAGES = 'Only PNG and JPEG images are accepted'
export const IMAGE_TOO_BIG = 'Each image must be at most 5MB'
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg']
export const ACCEPT_ATTRIBUTE = '.png,.jpg,.jpeg,image/png,image/jpeg'

export const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const

// Messages (docs/contract.md §13.5).
export const SUBMITTED = 'Details has been submitted successfully'
export const SUBMIT_ERROR = 'An error occurred while submitting details'
export const BIODATA_ERROR = 'An error occurred while fetching user biodata'
export const DOCUMENTS_ERROR = 'An error occurred while fetching uploaded documents'
export const STATUS_ERROR = 'An error occurred while fetching user kyc level status'

/** Names of the uploaded documents (GET /api/kyc/uploaded-documents). */
export const DOCUMENT_NAMES: Record<string, string> = {
  UTILITY_BILL: UTILITY_BILL,
  VALID_IDENTIFICATION_CARD: ID_CARD,
}

// Not from the contract: the failed states of "errors are not empty data".
export const STATUS_FAILED = "We couldn't load your verification status"
export const BIODATA_FAILED = "We couldn't load your details"
export const DOCUMENTS_FAILED = "We couldn't load your uploaded documents"
