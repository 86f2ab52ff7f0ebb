/** How ticket dates read on screen. The wire sends Lagos time as dd-mm-yyyy hh:mm:ss. */
import { lagosNow } from './ticketsSlice'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function parts(date: string): [number, number, number] | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})/.exec(date)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null
}

/** "20-11-2026" → "Friday, 20 November 2026"; today and yesterday by name. */
export function dayLabel(date: string, now = new Date()): string {
  const p = parts(date)
  if (!p) return date
  const [d, m, y] = p
  const today = lagosNow(now).slice(0, 10)
  const yesterday = lagosNow(new Date(now.getTime() - 24 * 60 * 60 * 1000)).slice(0, 10)
  if (date.slice(0, 10) === today) return 'Today'
  if (date.slice(0, 10) === yesterday) return 'Yesterday'
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]
  return `${weekday}, ${d} ${MONTHS[m - 1]} ${y}`
}

/** "20-11-2026 08:45:02" → "08:45". */
export const timeOf = (createdAt: string) => createdAt.slice(11, 16)

/** "20-11-2026 08:45:02" → "20-11-2026 08:45". */
export const shortDateTime = (createdAt: string) => createdAt.slice(0, 16)
