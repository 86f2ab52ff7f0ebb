import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ClientSummary } from '../../api/types'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../lib/loadStatus'

/** Also reduced by the accounts slice, which keeps the summary's account list. */
export const summaryLoaded = createAction<ClientSummary>('dashboard/summaryLoaded')

export interface DashboardState {
  summary: ClientSummary | null
  load: Load
}

const initialState: DashboardState = { summary: null, load: idleLoad }

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    summaryRequested(state) {
      state.load = loadStarted()
    },
    /** The payload is the reason shown on the page. */
    summaryFailed(state, action: PayloadAction<string>) {
      state.load = loadFailed(action.payload)
    },
  },
  extraReducers: (builder) => {
    builder.addCase(summaryLoaded, (state, action) => {
      state.summary = action.payload
      state.load = loadSucceeded()
    })
  },
})

export const { summaryRequested, summaryFailed } = dashboardSlice.actions
export const dashboardReducer = dashboardSlice.reducer
export const selectDashboard = (state: { dashboard: DashboardState }) => state.dashboard
