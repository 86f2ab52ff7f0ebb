/** The password policy of docs/contract.md §4.2 and §14.2. */

/** An uppercase letter, a special character from !@#$%^&* and a digit. */
export function meetsPasswordPolicy(value: string): boolean {
  return /[A-Z]/.test(value) && /[!@#$%^&*]/.test(value) && /\d/.test(value)
}
