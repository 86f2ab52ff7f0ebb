/** The three signup stages (docs/contract.md §4.1). */

export const SIGNUP_STEPS = ['Personal details', 'Password', 'Verify email'] as const
export type SignupStep = 1 | 2 | 3

export function stepText(step: SignupStep): string {
  return `STEP ${step} OF ${SIGNUP_STEPS.length}`
}
