/** "2 days 5 hours left" until a dispute's answer-by time (its ISO form carries its offset). */
export function timeLeft(answerByIso: string, nowMs: number = Date.now()): { text: string; late: boolean } {
  const leftMs = Date.parse(answerByIso) - nowMs
  if (!Number.isFinite(leftMs)) return { text: '', late: false }
  if (leftMs <= 0) return { text: 'Past its answer-by time', late: true }
  const minutes = Math.ceil(leftMs / 60_000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (days > 0) return { text: `${part(days, 'day')} ${part(hours, 'hour')} left`, late: false }
  if (hours > 0) return { text: `${part(hours, 'hour')} ${part(mins, 'minute')} left`, late: false }
  return { text: `${part(mins, 'minute')} left`, late: false }
}
