import dayjs from 'dayjs'
import { statementRangeError, toWireDay } from './dates'
import { END_BEFORE_START, OVER_ONE_YEAR, START_IN_FUTURE } from './texts'

const day = (text: string) => dayjs(text)
const today = day('2026-11-22')

describe('statement range rules (as bff/history/service.py checks them)', () => {
  it('sends dates as dd-mm-yyyy', () => {
    expect(toWireDay(day('2026-01-05'))).toBe('05-01-2026')
  })

  it('accepts a range of up to 366 days', () => {
    expect(statementRangeError(day('2025-11-21'), day('2026-11-22'), today)).toBeNull()
    expect(statementRangeError(day('2026-11-22'), day('2026-11-22'), today)).toBeNull()
  })

  it('refuses more than a year', () => {
    expect(statementRangeError(day('2025-11-20'), day('2026-11-22'), today)).toEqual({ field: 'endDate', message: OVER_ONE_YEAR })
  })

  it('refuses an end before the start', () => {
    expect(statementRangeError(day('2026-11-02'), day('2026-11-01'), today)).toEqual({ field: 'endDate', message: END_BEFORE_START })
  })

  it('refuses a start in the future', () => {
    expect(statementRangeError(day('2026-11-23'), null, today)).toEqual({ field: 'startDate', message: START_IN_FUTURE })
  })

  it('says nothing until both dates are there', () => {
    expect(statementRangeError(day('2026-11-01'), null, today)).toBeNull()
    expect(statementRangeError(null, day('2026-11-01'), today)).toBeNull()
  })
})
