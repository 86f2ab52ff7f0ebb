/** Customer-facing texts of the savings page (docs/contract.md §17). */
export const SAVINGS_HEADING = 'Savings'
export const SAVINGS_INTRO = 'Money set aside earns interest every day. Open a pocket, lock money away at a higher rate, or save towards a goal.'
export const SAVINGS_ERROR = 'An error occurred while fetching savings'
export const SAVINGS_FAILED = "We couldn't load your savings"
export const NO_POCKETS = 'You have no savings yet. Open a pocket to start earning interest.'
export const OPEN_POCKET = 'Open a pocket'
export const OPENED = 'Your savings pocket is open'
export const OPEN_ERROR = 'An error occurred while opening the pocket'
export const TOP_UP = 'Top up'
export const WITHDRAW = 'Withdraw'
export const MOVED = { 'top-up': 'Money added to your savings', withdraw: 'Money moved back to your account' } as const
export const MOVE_ERROR = 'An error occurred while moving the money'
export const BREAK = 'Break'
export const BREAK_TITLE = 'Break this locked pocket?'
export const BREAK_ERROR = 'An error occurred while breaking the pocket'
export const AUTO_SAVE = 'Automatic saving'
export const AUTO_SAVE_SAVED = 'Automatic saving updated'
export const AUTO_SAVE_ERROR = 'An error occurred while saving the rule'
export const TOTAL_SAVINGS = 'Total savings'
export const MOVEMENTS = 'Movements'
export const MOVEMENTS_ERROR = 'An error occurred while fetching the movements'
export const MOVEMENTS_FAILED = "We couldn't load this pocket's movements"
export const NO_MOVEMENTS = 'No movements yet. Money you add or take out, interest and tax will show here.'
export const NEWEST_FIRST = 'Newest first'
export const BREAK_PASSKEY_TEXT = 'Confirm with your fingerprint, face or screen lock. Your passkey approves breaking only this pocket.'
export const APPROVE_WITH_PASSKEY = 'Approve with passkey'
export const USE_A_CODE = 'Use a code instead'
export const START_AGAIN = 'Start again'
export const KIND_LABELS = {
  DAILY: 'Every day',
  WEEKLY: 'Every week',
  MONTHLY: 'Every month',
  PERCENT_OF_CREDITS: 'A percentage of every credit',
  NONE: 'No automatic saving',
} as const
