/**
 * Transaction history: the query of the server-side paged, filtered table (kept
 * between visits), which transaction's details are open, and whether the Request Statement
 * modal is. The pages and the details themselves are reads, the statement a mutation (reads.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { PAGE_SIZES } from '../../components/table/pagination'
import type { HistoryQuery, Transaction } from './types'

export interface HistoryState {
  /** The query of the page shown (or being loaded). */
  query: HistoryQuery
  detail: {
    referenceNumber: string | null
    /** The row clicked, shown at once while the details load. */
    row: Transaction | null
  }
  statementOpen: boolean
}

export const initialQuery: HistoryQuery = { page: 0, size: PAGE_SIZES[0] }

const closedDetail: HistoryState['detail'] = { referenceNumber: null, row: null }

const initialState: HistoryState = {
  query: initialQuery,
  detail: closedDetail,
  statementOpen: false,
}

const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    /** The table asks for another page, search or filter. */
    historyQueryChanged(state, action: PayloadAction<HistoryQuery>) {
      state.query = action.payload
    },
    detailOpened(state, action: PayloadAction<Transaction>) {
      state.detail = { referenceNumber: action.payload.referenceNumber, row: action.payload }
    },
    /** Details asked for by reference (a link from a reported problem): no row to show first. */
    detailLinked(state, action: PayloadAction<string>) {
      state.detail = { referenceNumber: action.payload, row: null }
    },
    detailClosed(state) {
      state.detail = closedDetail
    },
    statementOpened(state) {
      state.statementOpen = true
    },
    statementClosed(state) {
      state.statementOpen = false
    },
  },
})

export const {
  historyQueryChanged,
  detailOpened,
  detailLinked,
  detailClosed,
  statementOpened,
  statementClosed,
} = historySlice.actions
export const historyReducer = historySlice.reducer
export const selectHistory = (state: { history: HistoryState }) => state.history
