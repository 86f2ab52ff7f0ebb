/** Customer service's reads through RTK Query (api/koboApi.ts): the ticket list and the
 * reported problems. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { ticketsEndpoint } from './api'
import { TICKETS_ERROR } from './texts'
import type { TicketDay } from './types'
import { disputesEndpoint, type Dispute } from '../../components/disputes/api'
import { DISPUTES_FAILED } from '../../components/disputes/texts'

export const ticketsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    tickets: build.query<TicketDay[], void>({
      query: ticketsEndpoint,
      extraOptions: { fallback: TICKETS_ERROR },
      providesTags: ['Tickets'],
    }),
    disputes: build.query<Dispute[], void>({
      query: () => disputesEndpoint(),
      // The list says it where it would be; the tickets beside it stay usable.
      extraOptions: { fallback: DISPUTES_FAILED, toast: false },
      providesTags: ['Disputes'],
    }),
  }),
})

export const useDisputesQuery = () => useRead(ticketsApi.endpoints.disputes, undefined)
export const useTicketsQuery = () => useRead(ticketsApi.endpoints.tickets, undefined)

/** A ticket's resolved flag as the list shows it, changed in place (a status change, or the
 * conversation's newer answer). */
export const ticketResolvedInList = (id: number, resolved: boolean) =>
  ticketsApi.util.updateQueryData('tickets', undefined, (days) => {
    for (const day of days) for (const t of day.tickets) if (t.id === id) t.resolved = resolved
  })
