/** Display helpers for the customer's details. */

/** "22212345601" → "•••••••5601". */
export function maskNumber(value: string | null | undefined): string {
  if (!value) return '—'
  return `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`
}

/** "1991-04-12" → "12-04-1991" (the app's dd-mm-yyyy). */
export function formatBirthDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value || '—'
}
