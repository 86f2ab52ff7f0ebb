/**
 * Display formats from docs/contract.md §1.4: naira with exactly two
 * decimals and thousands separators; date-times as dd-mm-yyyy hh:mm.
 */

const nairaNumber = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 1234.5 → "₦1,234.50"; negatives keep their sign in front: "-₦20.00". */
export function formatNaira(amount: number | null | undefined): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0
  const text = nairaNumber.format(Math.abs(value))
  return `${value < 0 ? '-' : ''}₦${text}`
}

/** What a hidden balance shows instead of the amount. */
export const HIDDEN_AMOUNT = '₦******'

export const INVALID_DATE = 'Invalid Date'

const pad = (n: number) => String(n).padStart(2, '0')

/** The wire format `dd-mm-yyyy hh:mm[:ss]` (seconds optional). */
const WIRE_DATE = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * Formats a date-time for display. Accepts the wire format
 * `dd-mm-yyyy hh:mm:ss` (as sent, Lagos time, shown unchanged) or anything
 * `Date` can parse (ISO); anything else shows "Invalid Date".
 */
export function formatDateTime(input: string | null | undefined): string {
  if (!input) return INVALID_DATE
  const wire = WIRE_DATE.exec(input.trim())
  if (wire) {
    const [, dd, mm, yyyy, hh, min] = wire
    const check = new Date(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh), Number(min))
    const valid =
      check.getDate() === Number(dd) && check.getMonth() === Number(mm) - 1 && Number(hh) < 24 && Number(min) < 60
    return valid ? `${dd}-${mm}-${yyyy} ${hh}:${min}` : INVALID_DATE
  }
  const date = new Date(input)
  if (Number.isNaN(date.getTime())) return INVALID_DATE
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`
}

/** Shortens a label to `max` characters with an ellipsis (account type badges: 20). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** "INTRA_BANK" → "Intra Bank". */
export function humanize(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ')
}

const westAfricaClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
})

/**
 * A moment as West Africa Time's clock shows it, "09:14" (Lagos is UTC+01:00 all year, as
 * the wire's dates are): the same on every phone, whatever zone it is set to.
 */
export function formatWatClock(epochMs: number): string {
  return westAfricaClock.format(new Date(epochMs))
}
