/** Scheduled payments through RTK Query (api/koboApi.ts): the list and one payment; creating
 * one (or a bulk batch) and editing one, after which the payment waits for its approval, the
 * code step (schedulesSaga.ts). */
import { useRead } from '../../api/useRead'
import { koboApi, onceDone, toastOutcome } from '../../api/koboApi'
import type { TransferRequest, BulkTransferRow } from '../../api/transferTypes'
import { selectUserInfo } from '../appSlice'
import { toastError } from '../toastSlice'
import { createBulkScheduleEndpoint, createScheduleEndpoint, editScheduleEndpoint, scheduleEndpoint, schedulesEndpoint } from './api'
import { approveSucceeded, editSaved, scheduleCodeSent } from './schedulesSlice'
import { DETAILS_ERROR, EDIT_ERROR, LIST_ERROR, SCHEDULE_EDITED, SCHEDULE_ERROR } from './texts'
import type { EditScheduleRequest, EditedSchedule, ScheduleKind, ScheduledPayment, SchedulePaymentSetting } from './types'

/** A schedule from the transfer form (one of its kinds) or the bulk tab (its rows). */
export type NewSchedule =
  | { kind: Exclude<ScheduleKind, 'BULK'>; body: TransferRequest }
  | { rows: BulkTransferRow[]; setting: SchedulePaymentSetting }

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
    /** The answer is a list whose first item carries the referenceNumber the code approves. */
    createSchedule: build.mutation<ScheduledPayment[], NewSchedule>({
      query: (schedule) =>
        'rows' in schedule ? createBulkScheduleEndpoint(schedule.rows, schedule.setting) : createScheduleEndpoint(schedule.kind, schedule.body),
      async onQueryStarted(_schedule, lifecycle) {
        const payments = await toastOutcome(lifecycle, SCHEDULE_ERROR)
        if (!payments) return
        if (!payments.length) lifecycle.dispatch(toastError(SCHEDULE_ERROR))
        else lifecycle.dispatch(scheduleCodeSent({ payments, twoFactor: selectUserInfo(lifecycle.getState() as never)?.twoFactorAuthentication ?? null }))
      },
    }),
    /** A pending one: it needs approving again, with a new code, under its new referenceNumber. */
    editSchedule: build.mutation<EditedSchedule, EditScheduleRequest>({
      query: editScheduleEndpoint,
      // The list and the dashboard's upcoming payments show the change.
      invalidatesTags: onceDone('Schedules', 'Dashboard'),
      async onQueryStarted(_edit, lifecycle) {
        const edited = await toastOutcome(lifecycle, EDIT_ERROR, (answer) => answer.message || SCHEDULE_EDITED)
        if (!edited) return
        const { scheduledPayment, approvalRequired, twoFactorAuthentication } = edited
        lifecycle.dispatch(editSaved({ payment: scheduledPayment, twoFactor: twoFactorAuthentication }))
        // The BFF always asks for a fresh code after an edit; without one there is nothing to approve.
        if (!approvalRequired) lifecycle.dispatch(approveSucceeded())
      },
    }),
  }),
})

export const useSchedulesQuery = () => useRead(schedulesApi.endpoints.schedules, undefined)
export const useScheduleQuery = (arg: string, options?: { skip?: boolean }) => useRead(schedulesApi.endpoints.schedule, arg, options)
