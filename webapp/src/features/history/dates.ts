/**
 * Dates of the history filters and the statement request: dd-mm-yyyy on the
 * wire, and the statement's range rules checked before sending, exactly as
 * the BFF checks them (bff/history/service.py): the end not before the start,
 * at most one year (366 days) apart, and the start not in the future.
 */
import dayjs, { type Dayjs } from 'dayjs'
import { END_BEFORE_START, OVER_ONE_YEAR, START_IN_FUTURE } from './texts'

export const WIRE_DAY = 'DD-MM-YYYY'
export const MAX_STATEMENT_DAYS = 366

export function toWireDay(day: Dayjs): string {
  return day.format(WIRE_DAY)
}

/** The first broken rule of a statement range, or null when it may be sent. */
export function statementRangeError(start: Dayjs | null | undefined, end: Dayjs | null | undefined, today: Dayjs = dayjs()) {
  if (start && start.startOf('day').isAfter(today.startOf('day'))) return { field: 'startDate', message: START_IN_FUTURE } as const
  if (!start || !end) return null
  const from = start.startOf('day')
  const to = end.startOf('day')
  if (to.isBefore(from)) return { field: 'endDate', message: END_BEFORE_START } as const
  if (to.diff(from, 'day') > MAX_STATEMENT_DAYS) return { field: 'endDate', message: OVER_ONE_YEAR } as const
  return null
}
