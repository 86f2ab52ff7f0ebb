/** What the customer reads around disputes and freezing (docs/contract.md §14.4a, §15.6). */
export const REPORT_PROBLEM = 'Report a problem'
export const REPORT_TITLE = 'Report a problem with this payment'
export const WHAT_WENT_WRONG = 'What went wrong?'
export const CHOOSE_REASON = 'Choose what went wrong'
export const NOTE_LABEL = 'Tell us more (optional)'
export const SEND_REPORT = 'Send report'
export const REPORT_FAILED = 'We could not send your report. Please try again.'
export const DISPUTES_FAILED = 'We could not load your reported problems'
export const FREEZE_NOW = 'Freeze my account now'
export const FREEZE_OFFER =
  'If you did not make this payment, someone else may be using your account. Freeze it now: no money can leave it until it is unfrozen, and everywhere else you are signed in is signed out. Money sent to you still arrives.'
export const FREEZE_FAILED = 'We could not freeze your account. Please try again or call us.'

/** The five reasons in the form's order, as the customer reads them (the BFF keeps the same labels). */
export const REASONS = [
  { reason: 'NOT_RECEIVED', label: 'The recipient has not received it' },
  { reason: 'DEBITED_BUT_FAILED', label: 'I was debited but it failed' },
  { reason: 'WRONG_AMOUNT', label: 'Wrong amount' },
  { reason: 'NOT_MINE', label: 'I did not make this payment' },
  { reason: 'OTHER', label: 'Something else' },
] as const

export type ReasonCode = (typeof REASONS)[number]['reason']
