/** The password policy of spec part 2, section 5. */

/** An uppercase letter, a special character from !@#$%^&* and a digit. */
export function meetsPasswordPolicy(value: string): boolean {
  return /[A-Z]/.test(value) && /[!@#$%^&*]/.test(value) && /\d/.test(value)
}
