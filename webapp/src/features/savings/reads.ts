/** Savings through RTK Query (api/koboApi.ts): the page's read, a pocket's movements, and the
 * writes. Every write that moves money asks the savings (and so the movements), the accounts
 * and the dashboard again. */
import { koboApi, onceDone, toastsOutcome } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import type { PasskeyOptions } from '../../api/types'
import { autoSaveEndpoint, breakEndpoint, breakPasskeyOptionsEndpoint, moveEndpoint, movementsEndpoint, openPocketEndpoint, savingsEndpoint } from './api'
import { AUTO_SAVE_ERROR, AUTO_SAVE_SAVED, BREAK_ERROR, MOVED, MOVEMENTS_ERROR, MOVE_ERROR, OPENED, OPEN_ERROR, SAVINGS_ERROR } from './texts'
import type {
  AutoSaveRequest,
  BreakCodeSent,
  BreakRequest,
  Broken,
  Direction,
  MoveRequest,
  MovementsQuery,
  OpenPocketRequest,
  Pocket,
  PocketMovements,
  Savings,
} from './types'

export const savingsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    savings: build.query<Savings, void>({
      query: savingsEndpoint,
      extraOptions: { fallback: SAVINGS_ERROR },
      providesTags: ['Savings'],
    }),
    movements: build.query<PocketMovements, MovementsQuery>({
      query: movementsEndpoint,
      extraOptions: { fallback: MOVEMENTS_ERROR },
      providesTags: ['Savings'],
    }),
    openPocket: build.mutation<Pocket, OpenPocketRequest>({
      query: openPocketEndpoint,
      invalidatesTags: onceDone('Savings', 'Accounts', 'Dashboard', 'Balances', 'History'),
      onQueryStarted: toastsOutcome(OPEN_ERROR, OPENED),
    }),
    move: build.mutation<Pocket, { id: number; direction: Direction; body: MoveRequest }>({
      query: ({ id, direction, body }) => moveEndpoint(id, direction, body),
      invalidatesTags: onceDone('Savings', 'Accounts', 'Dashboard', 'Balances', 'History'),
      onQueryStarted: async (arg, lifecycle) => toastsOutcome<Pocket>(MOVE_ERROR, MOVED[arg.direction])(arg, lifecycle),
    }),
    /** Step 1 answers the forfeit (202, nothing changed); step 2 breaks it. Its dialog shows
     * the outcome, so no toast. */
    breakPocket: build.mutation<BreakCodeSent | Broken, { id: number; body: BreakRequest }>({
      query: ({ id, body }) => breakEndpoint(id, body),
      extraOptions: { fallback: BREAK_ERROR },
      invalidatesTags: (answer) => (answer && 'pocket' in answer ? ['Savings', 'Accounts', 'Dashboard', 'Balances', 'History'] : []),
    }),
    /** A passkey's approval of breaking this one pocket: its challenge, for the browser. */
    breakPasskeyOptions: build.mutation<PasskeyOptions, number>({
      query: breakPasskeyOptionsEndpoint,
      extraOptions: { fallback: BREAK_ERROR },
    }),
    autoSave: build.mutation<Pocket, { id: number; body: AutoSaveRequest }>({
      query: ({ id, body }) => autoSaveEndpoint(id, body),
      invalidatesTags: onceDone('Savings'),
      onQueryStarted: toastsOutcome(AUTO_SAVE_ERROR, AUTO_SAVE_SAVED),
    }),
  }),
})

export const useSavingsQuery = () => useRead(savingsApi.endpoints.savings, undefined)

export const useMovementsQuery = (query: MovementsQuery) => useRead(savingsApi.endpoints.movements, query)
