/** The ticket list's search: subject or creation-date text (docs/contract.md §15.2). */
import type { TicketDay, TicketSummary } from './types'
import { dayLabel } from './dates'

export function matchesSearch(ticket: TicketSummary, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [ticket.subject, ticket.createdAt, dayLabel(ticket.createdAt)].some((value) => value.toLowerCase().includes(needle))
}

/** The days that still have a ticket matching the search, each with only those tickets. */
export function filterDays(days: TicketDay[], search: string): TicketDay[] {
  return days
    .map((day) => ({ ...day, tickets: day.tickets.filter((t) => matchesSearch(t, search)) }))
    .filter((day) => day.tickets.length > 0)
}
