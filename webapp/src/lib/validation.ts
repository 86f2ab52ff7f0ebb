/** Validation messages shared by every form (spec part 1, section 5). */
export const REQUIRED = 'This field is required'
