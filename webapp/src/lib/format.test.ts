import { HIDDEN_AMOUNT, INVALID_DATE, formatDateTime, formatNaira, humanize, truncate } from './format'

describe('formatNaira', () => {
  it('shows naira with exactly two decimals and thousands separators', () => {
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50')
    expect(formatNaira(0)).toBe('₦0.00')
    expect(formatNaira(12500.456)).toBe('₦12,500.46')
    expect(formatNaira(-20)).toBe('-₦20.00')
  })

  it('treats missing amounts as zero', () => {
    expect(formatNaira(undefined)).toBe('₦0.00')
    expect(formatNaira(Number.NaN)).toBe('₦0.00')
  })

  it('hides with asterisks', () => {
    expect(HIDDEN_AMOUNT).toMatch(/^₦\*+$/) // written like an amount: no space after the sign
  })
})

describe('formatDateTime', () => {
  it('shows the wire format dd-mm-yyyy hh:mm:ss as dd-mm-yyyy hh:mm', () => {
    expect(formatDateTime('20-11-2026 14:03:59')).toBe('20-11-2026 14:03')
    expect(formatDateTime('01-02-2026 09:05')).toBe('01-02-2026 09:05')
  })

  it('formats ISO date-times', () => {
    expect(formatDateTime('2026-11-20T14:03:00')).toBe('20-11-2026 14:03')
  })

  it('shows Invalid Date for anything unparseable', () => {
    expect(formatDateTime('yesterday')).toBe(INVALID_DATE)
    expect(formatDateTime('31-02-2026 10:00:00')).toBe(INVALID_DATE)
    expect(formatDateTime('')).toBe(INVALID_DATE)
    expect(formatDateTime(null)).toBe('Invalid Date')
  })
})

describe('truncate and humanize', () => {
  it('truncates account type badges to 20 characters', () => {
    expect(truncate('Kobo Target Savings Account', 20)).toBe('Kobo Target Savings …')
    expect(truncate('Savings Account', 20)).toBe('Savings Account')
  })

  it('turns codes into words', () => {
    expect(humanize('INTRA_BANK')).toBe('Intra Bank')
  })
})
