/** Validation messages shared by every form (docs/contract.md §1.5). */
export const REQUIRED = 'This field is required'
