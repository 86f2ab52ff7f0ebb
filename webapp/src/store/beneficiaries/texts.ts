/** Customer-facing texts of the beneficiary page, word for word from docs/contract.md §9. */
export const BENEFICIARY_HEADING = 'Beneficiary'
export const CREATE_BENEFICIARY = 'Create a Beneficiary'
export const BENEFICIARY_CREATED = 'Beneficiary created successfully'
export const BENEFICIARY_DELETED = 'Deleted successfully'
export const DELETE_CONFIRM = 'Are you sure you want to delete this beneficiary?'
export const BENEFICIARIES_ERROR = 'An error occurred while fetching beneficiaries'
export const CREATE_BENEFICIARY_ERROR = 'An error occurred while creating beneficiary'
/** Sic: the product spells it so (docs/contract.md §9.4). */
export const DELETE_BENEFICIARY_ERROR = 'An error occurred while deleteing beneficiary'
export const NO_RECORDS = 'No records to display'
// Not from the contract: the failed and empty states of "errors are not empty data".
export const BENEFICIARIES_FAILED = "We couldn't load your beneficiaries"
export const ADD_FIRST_BENEFICIARY = 'Add your first beneficiary'
