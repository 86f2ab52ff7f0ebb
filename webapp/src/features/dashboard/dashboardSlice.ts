import { createAction, createSlice } from '@reduxjs/toolkit'
import type { ClientSummary } from '../../api/types'

/** Also reduced by the accounts slice, which keeps the summary's account list. */
export const summaryLoaded = createAction<ClientSummary>('dashboard/summaryLoaded')

export interface DashboardState {
  summary: ClientSummary | null
  loading: boolean
  failed: boolean
}

const initialState: DashboardState = { summary: null, loading: false, failed: false }

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    summaryRequested(state) {
      state.loading = true
      state.failed = false
    },
    summaryFailed(state) {
      state.loading = false
      state.failed = true
    },
  },
  extraReducers: (builder) => {
    builder.addCase(summaryLoaded, (state, action) => {
      state.summary = action.payload
      state.loading = false
      state.failed = false
    })
  },
})

export const { summaryRequested, summaryFailed } = dashboardSlice.actions
export const dashboardReducer = dashboardSlice.reducer
export const selectDashboard = (state: { dashboard: DashboardState }) => state.dashboard
