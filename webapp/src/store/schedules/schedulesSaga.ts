/**
 * Scheduled-payment calls (docs/contract.md §10.3 and §10.5): create (the answer
 * is a list whose first item has referenceNumber) → code → PATCH approve;
 * edit a pending one → it needs approving again with the new referenceNumber.
 */
import { all, call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiError, ApiResult } from '../../api/client'
import { koboApi } from '../../api/koboApi'
import { selectUserInfo } from '../appSlice'
import { codeStepSaga } from '../codeStep/saga'
import { toastFailure, toastSuccess } from '../toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import type { Passkey } from '../../api/types'
import type { BulkTransferRow, TransferRequest } from '../../api/transferTypes'
import {
  approveScheduleEndpoint,
  createBulkScheduleEndpoint,
  ownPasskeysEndpoint,
  schedulePasskeyOptionsEndpoint,
  createScheduleEndpoint,
  editScheduleEndpoint,
} from './api'
import {
  approvalPasskeyOffered,
  approvePasskeyFailed,
  approvePasskeyRequested,
  approveRejected,
  approveRequested,
  approveSucceeded,
  bulkScheduleRequested,
  editFailed,
  editRequested,
  editSaved,
  scheduleCodeSent,
  scheduleFailed,
  scheduleRequested,
  selectSchedules,
  type FieldError,
  type SchedulesState,
} from './schedulesSlice'
import { EDIT_ERROR, SCHEDULE_APPROVED, SCHEDULE_EDITED, SCHEDULE_ERROR } from './texts'
import type { EditScheduleRequest, EditedSchedule, ScheduleKind, ScheduledPayment, SchedulePaymentSetting } from './types'

/** The `errors: [{field, message}]` of a 400 answer, if any. */
export function fieldErrorsOf(error: ApiError): FieldError[] {
  const body = error.body as { errors?: { field?: string; message?: string }[] } | undefined
  return (body?.errors ?? [])
    .filter((e) => e.field && e.message)
    .map((e) => ({ field: String(e.field), message: String(e.message) }))
}

function* currentTwoFactor(): SagaIterator<string | null> {
  const userInfo: ReturnType<typeof selectUserInfo> = yield select(selectUserInfo)
  return userInfo?.twoFactorAuthentication ?? null
}

function* afterCreate(result: ApiResult<ScheduledPayment[]>): SagaIterator {
  if (result.error || !result.data.length) {
    yield put(scheduleFailed(result.error ? fieldErrorsOf(result.error) : []))
    yield call(toastFailure, result.error ?? { status: 500 }, SCHEDULE_ERROR)
    return
  }
  const twoFactor: string | null = yield call(currentTwoFactor)
  yield put(scheduleCodeSent({ payments: result.data, twoFactor }))
}

export function* createScheduleSaga(
  action: PayloadAction<{ kind: Exclude<ScheduleKind, 'BULK'>; body: TransferRequest }>,
): SagaIterator {
  const { kind, body } = action.payload
  const result: ApiResult<ScheduledPayment[]> = yield call(callApi<ScheduledPayment[]>, createScheduleEndpoint(kind, body))
  yield call(afterCreate, result)
}

export function* createBulkScheduleSaga(
  action: PayloadAction<{ rows: BulkTransferRow[]; setting: SchedulePaymentSetting }>,
): SagaIterator {
  const { rows, setting } = action.payload
  const result: ApiResult<ScheduledPayment[]> = yield call(
    callApi<ScheduledPayment[]>,
    createBulkScheduleEndpoint(rows, setting),
  )
  yield call(afterCreate, result)
}

/** Once the code is sent: a customer with a passkey is offered it first (issue 40). A failed
 * read leaves the code dialog as it is. */
export function* offerPasskeySaga(): SagaIterator {
  const result: ApiResult<Passkey[]> = yield call(callApi<Passkey[]>, ownPasskeysEndpoint())
  if (!result.error && result.data.length > 0) yield put(approvalPasskeyOffered())
}

/** An approve call's answer, whichever way it was approved. */
function* approved(result: ApiResult<MessageResponse>): SagaIterator {
  if (result.error) {
    // A wrong or expired code: the dialog stays for another try.
    yield put(approveRejected())
    yield call(toastFailure, result.error, SCHEDULE_ERROR)
    return
  }
  yield put(approveSucceeded())
  yield put(toastSuccess(result.data.message || SCHEDULE_APPROVED))
  // The list and the dashboard's upcoming payments show it.
  yield put(koboApi.util.invalidateTags(['Schedules', 'Dashboard']))
}

export function* editSaga(action: PayloadAction<EditScheduleRequest>): SagaIterator {
  const result: ApiResult<EditedSchedule> = yield call(callApi<EditedSchedule>, editScheduleEndpoint(action.payload))
  if (result.error) {
    yield put(editFailed(fieldErrorsOf(result.error)))
    yield call(toastFailure, result.error, EDIT_ERROR)
    return
  }
  const { scheduledPayment, approvalRequired, twoFactorAuthentication, message } = result.data
  yield put(toastSuccess(message || SCHEDULE_EDITED))
  yield put(editSaved({ payment: scheduledPayment, twoFactor: twoFactorAuthentication }))
  // The BFF always asks for a fresh code after an edit; without one there is nothing to approve.
  if (!approvalRequired) yield put(approveSucceeded())
  yield put(koboApi.util.invalidateTags(['Schedules', 'Dashboard']))
}

export function* schedulesSaga(): SagaIterator {
  yield all([
    takeLatest(scheduleRequested.type, createScheduleSaga),
    takeLatest(bulkScheduleRequested.type, createBulkScheduleSaga),
    ...codeStepSaga({
      confirmRequested: approveRequested.type,
      passkeyRequested: approvePasskeyRequested.type,
      passkeyFailed: approvePasskeyFailed,
      pending: (state: { schedules: SchedulesState }) => selectSchedules(state).approval.referenceNumber,
      confirm: (reference, approval) => approveScheduleEndpoint(reference, approval),
      passkeyOptions: schedulePasskeyOptionsEndpoint,
      answered: approved,
    }),
    takeLatest([scheduleCodeSent.type, editSaved.type], offerPasskeySaga),
    takeLatest(editRequested.type, editSaga),
  ])
}
