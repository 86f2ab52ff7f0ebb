/**
 * Transaction history: the current page of the server-side paged, filtered
 * table, the Transaction Details modal and the Request Statement modal.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'
import { PAGE_SIZES } from '../../components/table/pagination'
import type { HistoryQuery, StatementFileType, StatementRequest, Transaction, TransactionDetail } from './types'

export interface HistoryState {
  /** The query of the page shown (or being loaded). */
  query: HistoryQuery
  items: Transaction[]
  total: number
  /** The read of the current page. */
  load: Load
  /** `items` and `total` describe `query` (false until the first page and after a failure). */
  loaded: boolean
  detail: {
    referenceNumber: string | null
    /** The row clicked, shown at once while the details load. */
    row: Transaction | null
    item: TransactionDetail | null
    loading: boolean
    error: string | null
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

const closedDetail: HistoryState['detail'] = { referenceNumber: null, row: null, item: null, loading: false, error: null }
const closedStatement: HistoryState['statement'] = { open: false, submitting: false, error: null, errorField: null, failures: 0 }

const initialState: HistoryState = {
  query: initialQuery,
  items: [],
  total: 0,
  load: idleLoad,
  loaded: false,
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
    historyRequested(state, action: PayloadAction<HistoryQuery>) {
      state.query = action.payload
      state.load = loadStarted()
    },
    historyLoaded(state, action: PayloadAction<{ items: Transaction[]; total: number }>) {
      state.items = action.payload.items
      state.total = action.payload.total
      state.load = loadSucceeded()
      state.loaded = true
    },
    /** The payload is the reason shown in place of the table. */
    historyFailed(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
      state.loaded = false
      state.items = []
      state.total = 0
    },
    detailOpened(state, action: PayloadAction<Transaction>) {
      state.detail = { ...closedDetail, referenceNumber: action.payload.referenceNumber, row: action.payload, loading: true }
    },
    /** Details asked for by reference (a link from a reported problem): no row to show first. */
    detailLinked(state, action: PayloadAction<string>) {
      state.detail = { ...closedDetail, referenceNumber: action.payload, loading: true }
    },
    detailLoaded(state, action: PayloadAction<TransactionDetail>) {
      if (state.detail.referenceNumber !== action.payload.referenceNumber) return
      state.detail.item = action.payload
      state.detail.loading = false
    },
    detailFailed(state, action: PayloadAction<{ referenceNumber: string; message: string }>) {
      if (state.detail.referenceNumber !== action.payload.referenceNumber) return
      state.detail.loading = false
      state.detail.error = action.payload.message
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
  historyRequested,
  historyLoaded,
  historyFailed,
  detailOpened,
  detailLinked,
  detailLoaded,
  detailFailed,
  detailClosed,
  statementOpened,
  statementClosed,
  statementRequested,
  statementSucceeded,
  statementFailed,
} = historySlice.actions
export const historyReducer = historySlice.reducer
export const selectHistory = (state: { history: HistoryState }) => state.history
