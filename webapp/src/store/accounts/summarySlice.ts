import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ClientSummary } from '../../api/types'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'

/** Also reduced by the accounts slice, which keeps the summary's account list. */
export const summaryLoaded = createAction<ClientSummary>('dashboard/summaryLoaded')

export interface DashboardState {
  summary: ClientSummary | null
  load: Load
  /**
   * Set while `summary` is the tab's kept copy shown because the network is gone (issue 43):
   * when it was fetched (epoch ms). Null while the summary is fresh.
   */
  offlineSince: number | null
  /** The last request never reached the BFF (no network), and the tab had nothing kept. */
  unreachable: boolean
}

const initialState: DashboardState = { summary: null, load: idleLoad, offlineSince: null, unreachable: false }

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    summaryRequested(state) {
      state.load = loadStarted()
      state.unreachable = false
    },
    /** No network and nothing kept: the page says "You are offline" rather than an error. */
    summaryUnreachable(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
      state.unreachable = true
    },
    /** The payload is the reason shown on the page. */
    summaryFailed(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
    },
    /** No network: the kept answer of `savedAt` stands in, labelled as old (summarySnapshot.ts). */
    summaryShownOffline(state, action: PayloadAction<{ summary: ClientSummary; savedAt: number; reason: string }>) {
      state.summary = action.payload.summary
      state.offlineSince = action.payload.savedAt
      state.load = loadFailed(action.payload.reason)
    },
  },
  extraReducers: (builder) => {
    builder.addCase(summaryLoaded, (state, action) => {
      state.summary = action.payload
      state.load = loadSucceeded()
      state.offlineSince = null
    })
  },
})

export const { summaryRequested, summaryFailed, summaryShownOffline, summaryUnreachable } = dashboardSlice.actions
export const dashboardReducer = dashboardSlice.reducer
export const selectDashboard = (state: { dashboard: DashboardState }) => state.dashboard
