/** Which level's form the KYC page shows, and each level's review (docs/contract.md §13.1). */
import type { FieldError } from '../../api/fieldErrors'
import type { KycLevel, KycLevelRequest, KycReview, KycStatusResponse } from './types'

/** The shown level's submission, which the page runs (KycPage.tsx): the forms' part of it. */
export interface Submission {
  submit: (body: KycLevelRequest) => Promise<void>
  busy: boolean
  /** The server's field errors of the last submission. */
  errors: FieldError[]
}

/** The level whose form is shown: 0 shows level 1, 1 shows level 2, 2 or higher level 3. */
export function formLevelOf(currentLevel: number): KycLevel {
  if (currentLevel <= 0) return 1
  if (currentLevel === 1) return 2
  return 3
}

/** A level's review state, or null when nothing was submitted for it. */
export function reviewOf(status: KycStatusResponse | null, level: KycLevel): { status: KycReview | null; comment: string | null } {
  const row = status?.levels.find((l) => l.level === level)
  const value = row?.status?.toLowerCase()
  const known = value === 'pending' || value === 'approved' || value === 'declined' ? value : null
  return { status: known, comment: row?.comment ?? null }
}
