import { formatWatClock } from './format'

describe('formatWatClock', () => {
  it('shows West Africa Time (UTC+01:00), 24-hour, whatever zone the device is in', () => {
    expect(formatWatClock(Date.UTC(2026, 10, 27, 8, 14))).toBe('09:14')
    expect(formatWatClock(Date.UTC(2026, 10, 27, 23, 5))).toBe('00:05')
    // No daylight saving in Lagos: the same offset in July.
    expect(formatWatClock(Date.UTC(2026, 6, 1, 12, 0))).toBe('13:00')
  })
})
