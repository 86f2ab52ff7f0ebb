/** The scheduled payments' reads through RTK Query (api/koboApi.ts): the list and one payment. */
import { useRead } from '../../api/useRead'
import { koboApi } from '../../api/koboApi'
import { scheduleEndpoint, schedulesEndpoint } from './api'
import { DETAILS_ERROR, LIST_ERROR } from './texts'
import type { ScheduledPayment } from './types'

export const schedulesApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    schedules: build.query<ScheduledPayment[], void>({
      query: schedulesEndpoint,
      extraOptions: { fallback: LIST_ERROR },
      providesTags: ['Schedules'],
    }),
    schedule: build.query<ScheduledPayment, string>({
      query: scheduleEndpoint,
      extraOptions: { fallback: DETAILS_ERROR },
      providesTags: ['Schedules'],
    }),
  }),
})

export const useSchedulesQuery = () => useRead(schedulesApi.endpoints.schedules, undefined)
export const useScheduleQuery = (arg: string, options?: { skip?: boolean }) => useRead(schedulesApi.endpoints.schedule, arg, options)
