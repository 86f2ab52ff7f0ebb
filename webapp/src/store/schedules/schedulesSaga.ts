/**
 * The approval of a new or edited scheduled payment (docs/contract.md §10.3): its code step,
 * code or passkey → PATCH approve with the referenceNumber. Creating and editing one are
 * mutations (reads.ts), whose answer opens this step.
 */
import { all, call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { koboApi } from '../../api/koboApi'
import { codeStepSaga } from '../codeStep/saga'
import { toastFailure, toastSuccess } from '../toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import type { Passkey } from '../../api/types'
import { approveScheduleEndpoint, ownPasskeysEndpoint, schedulePasskeyOptionsEndpoint } from './api'
import {
  approvalPasskeyOffered,
  approvePasskeyFailed,
  approvePasskeyRequested,
  approveRejected,
  approveRequested,
  approveSucceeded,
  editSaved,
  scheduleCodeSent,
  selectSchedules,
  type SchedulesState,
} from './schedulesSlice'
import { SCHEDULE_APPROVED, SCHEDULE_ERROR } from './texts'

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

export function* schedulesSaga(): SagaIterator {
  yield all([
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
  ])
}
