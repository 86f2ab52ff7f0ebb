/**
 * Transaction history: the query of the server-side paged, filtered table (kept
 * between visits), which transaction's details are open, and the Request Statement
 * modal. The pages and the details themselves are reads (reads.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { PAGE_SIZES } from '../../components/table/pagination'
import type { HistoryQuery, StatementFileType, StatementRequest, Transaction } from './types'

export interface HistoryState {
  /** The query of the page shown (or being loaded). */
  query: HistoryQuery
  detail: {
    referenceNumber: string | null
    /** The row clicked, shown at once while the details load. */
    row: Transaction | null
  }
  statement: {
    open: boolean
    submitting: boolean
    /** The server's refusal, shown inside the modal (which stays open). */
    error: string | null
    /** Bumped on each refusal so the form can show field errors again. */
    errorField: string | null
    failures: number
  }
}

export const initialQuery: HistoryQuery = { page: 0, size: PAGE_SIZES[0] }

const closedDetail: HistoryState['detail'] = { referenceNumber: null, row: null }
const closedStatement: HistoryState['statement'] = { open: false, submitting: false, error: null, errorField: null, failures: 0 }

const initialState: HistoryState = {
  query: initialQuery,
  detail: closedDetail,
  statement: closedStatement,
}

export interface StatementPayload {
  fileType: StatementFileType
  body: StatementRequest
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
      state.statement = { ...closedStatement, open: true }
    },
    statementClosed(state) {
      if (!state.statement.submitting) state.statement = closedStatement
    },
    statementRequested(state, _action: PayloadAction<StatementPayload>) {
      state.statement.submitting = true
      state.statement.error = null
      state.statement.errorField = null
    },
    statementSucceeded(state) {
      state.statement = closedStatement
    },
    statementFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.statement.submitting = false
      state.statement.error = action.payload.message
      state.statement.errorField = action.payload.field
      state.statement.failures += 1
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
  statementRequested,
  statementSucceeded,
  statementFailed,
} = historySlice.actions
export const historyReducer = historySlice.reducer
export const selectHistory = (state: { history: HistoryState }) => state.history
