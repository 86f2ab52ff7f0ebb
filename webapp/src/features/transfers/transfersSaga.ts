/**
 * Transfer flows (docs/contract.md §8.4): send → the server holds the transfer
 * and sends a code → confirm with the code → 200 done, 202 Pending (then status
 * checks until the bank's final answer), 422 refused with the reason.
 */
import { all, call, delay, fork, put, race, take } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiError, type ApiResult } from '../../api/client'
import { afterPayment, koboApi } from '../../api/koboApi'
import { codeStepSaga } from '../../store/codeStep/saga'
import { toastError, toastFailure, toastInfo, toastSuccess } from '../../store/toastSlice'
import {
  bulkPasskeyOptionsEndpoint,
  bulkTransferEndpoint,
  confirmBulkEndpoint,
  confirmTransferEndpoint,
  initiateTransferEndpoint,
  transferPasskeyOptionsEndpoint,
  transferStatusEndpoint,
} from './api'
import {
  bulkCodeRejected,
  bulkPasskeyFailed,
  bulkPasskeyRequested,
  bulkCodeSent,
  bulkConfirmRequested,
  bulkDone,
  bulkInitiateFailed,
  bulkRequested,
  bulkRowUpdated,
  selectTransfers,
  transferCodeRejected,
  transferCodeSent,
  transferConfirmRequested,
  transferDialogClosed,
  transferPasskeyFailed,
  transferPasskeyRequested,
  transferFailed,
  transferInitiateFailed,
  transferPending,
  transferRequested,
  transferStatusUpdated,
  transferStillPending,
  transferSucceeded,
  type TransfersState,
} from './transfersSlice'
import { TRANSFERRED_SUCCESSFULLY, TRANSFER_ERROR } from './texts'
import type { BulkPending, BulkResult, BulkTransferRow, PendingTransfer, Transfer, TransferKind, TransferRequest } from '../../api/transferTypes'

/** How often and how long a Pending transfer is checked (the BFF's worker runs every 2 s). */
export const pendingPolling = { intervalMs: 2000, attempts: 15 }

const isFinal = (transfer: Transfer) => transfer.status === 'COMPLETED' || transfer.status === 'FAILED'

/** The send call's answer: the code dialog, or the form back with the reason under it (not a
 * toast: a refusal such as the risk check's block must be read, docs/contract.md §16.1). */
function* initiated(result: ApiResult<PendingTransfer>): SagaIterator {
  const { error } = result
  if (error) {
    yield put(transferInitiateFailed({ error: isSessionError(error) ? null : errorMessage(error, TRANSFER_ERROR), inSettings: error.status === 409 }))
    return
  }
  yield put(transferCodeSent(result.data))
}

/** Checks a Pending transfer until it is final or the attempts run out. */
export function* pollTransferSaga(id: string): SagaIterator {
  for (let attempt = 0; attempt < pendingPolling.attempts; attempt += 1) {
    yield delay(pendingPolling.intervalMs)
    const result: ApiResult<Transfer> = yield call(callApi<Transfer>, transferStatusEndpoint(id))
    if (result.error) {
      if (isSessionError(result.error)) return
      continue
    }
    yield put(transferStatusUpdated(result.data))
    if (isFinal(result.data)) {
      if (result.data.status === 'COMPLETED') yield put(toastSuccess(TRANSFERRED_SUCCESSFULLY))
      else yield put(toastError(result.data.message || TRANSFER_ERROR))
      yield put(afterPayment()) // money moved (or may have): every balance is read again
      return
    }
  }
  yield put(transferStillPending())
}

/** The 422 body carries the failed transfer's status next to the reason. */
function isRefusal(error: ApiError): boolean {
  return error.status === 422
}

/** A confirm call's answer, whichever way the transfer was approved. */
function* confirmed(result: ApiResult<Transfer>, flow: TransfersState['flow']): SagaIterator {
  if (result.error) {
    if (isRefusal(result.error)) {
      const reason = errorMessage(result.error, TRANSFER_ERROR)
      yield put(transferFailed(reason))
      yield put(toastError(reason))
      yield put(afterPayment()) // money moved (or may have): every balance is read again
      return
    }
    // A wrong code (400) or a hiccup: the dialog stays for another try.
    yield put(transferCodeRejected())
    yield call(toastFailure, result.error, TRANSFER_ERROR)
    return
  }
  if (flow.request?.saveAsBeneficiary) yield put(koboApi.util.invalidateTags(['Beneficiaries']))
  if (result.data.status === 'COMPLETED') {
    // The receipt dialog says so; a toast on top would repeat it.
    yield put(transferSucceeded(result.data))
    yield put(afterPayment()) // money moved (or may have): every balance is read again
    return
  }
  if (result.data.status === 'FAILED') {
    yield put(transferFailed(result.data.message || TRANSFER_ERROR))
    yield put(afterPayment()) // money moved (or may have): every balance is read again
    return
  }
  yield put(transferPending(result.data))
  // A payment held for review has a result of its own, which says so (no toast on top).
  if (!result.data.heldForReview) yield put(toastInfo(result.data.message || 'Your transfer is being processed'))
  yield put(afterPayment()) // money moved (or may have): every balance is read again
  // Closing the dialog stops the checks; the customer gets an SMS either way.
  yield race({ poll: call(pollTransferSaga, result.data.id), closed: take(transferDialogClosed.type) })
}

/** `transfers[2].amount` → row 2. */
export function rowErrorsOf(error: ApiError): Record<number, string> {
  const body = error.body as { errors?: { field?: string; message?: string }[] } | undefined
  const rows: Record<number, string> = {}
  for (const item of body?.errors ?? []) {
    const match = /^transfers\[(\d+)\]/.exec(item.field ?? '')
    if (match && item.message) rows[Number(match[1])] = item.message
  }
  return rows
}

/** The batch's first answer: the code dialog, or the refusal on its rows or under the batch. */
function* bulkInitiated(result: ApiResult<BulkPending>): SagaIterator {
  const { error } = result
  if (error) {
    const rowErrors = rowErrorsOf(error)
    const whole = Object.keys(rowErrors).length === 0 && !isSessionError(error)
    yield put(bulkInitiateFailed({ rowErrors, error: whole ? errorMessage(error, TRANSFER_ERROR) : null, inSettings: error.status === 409 }))
    return
  }
  yield put(bulkCodeSent(result.data))
}

function* pollBulkRowsSaga(ids: string[]): SagaIterator {
  let open = [...ids]
  for (let attempt = 0; attempt < pendingPolling.attempts && open.length > 0; attempt += 1) {
    yield delay(pendingPolling.intervalMs)
    const still: string[] = []
    for (const id of open) {
      const result: ApiResult<Transfer> = yield call(callApi<Transfer>, transferStatusEndpoint(id))
      if (result.error) {
        if (isSessionError(result.error)) return
        still.push(id)
        continue
      }
      yield put(bulkRowUpdated(result.data))
      if (!isFinal(result.data)) still.push(id)
    }
    open = still
  }
  yield put(afterPayment()) // money moved (or may have): every balance is read again
}

/** A bulk confirm's answer, whichever way the batch was approved. */
function* bulkConfirmed(result: ApiResult<BulkResult>): SagaIterator {
  if (result.error) {
    yield put(bulkCodeRejected())
    yield call(toastFailure, result.error, TRANSFER_ERROR)
    return
  }
  yield put(bulkDone(result.data))
  const { completed, transfers } = result.data
  if (completed === transfers.length) yield put(toastSuccess(TRANSFERRED_SUCCESSFULLY))
  else yield put(toastInfo(result.data.message))
  yield put(afterPayment()) // money moved (or may have): every balance is read again
  const open = transfers.filter((t) => !isFinal(t)).map((t) => t.id)
  // Rows the bank has not answered yet are checked until final (a newer confirm cancels this).
  if (open.length > 0) yield fork(pollBulkRowsSaga, open)
}

const pendingFlow = (state: { transfers: TransfersState }) => {
  const { flow } = selectTransfers(state)
  return flow.pending && flow.kind ? flow : null
}

export function* transfersSaga(): SagaIterator {
  yield all([
    ...codeStepSaga({
      initiate: {
        requested: transferRequested.type,
        endpoint: ({ kind, body }: { kind: TransferKind; body: TransferRequest }) => initiateTransferEndpoint(kind, body),
        answered: initiated,
      },
      confirmRequested: transferConfirmRequested.type,
      passkeyRequested: transferPasskeyRequested.type,
      passkeyFailed: transferPasskeyFailed,
      pending: pendingFlow,
      confirm: (flow, approval) => confirmTransferEndpoint(flow.kind!, flow.pending!.id, approval),
      passkeyOptions: (flow) => transferPasskeyOptionsEndpoint(flow.pending!.id),
      warning: (flow) => flow.pending!.riskWarning,
      answered: confirmed,
    }),
    ...codeStepSaga({
      initiate: {
        requested: bulkRequested.type,
        endpoint: ({ transfers }: { transfers: BulkTransferRow[] }) => bulkTransferEndpoint(transfers),
        answered: bulkInitiated,
      },
      confirmRequested: bulkConfirmRequested.type,
      passkeyRequested: bulkPasskeyRequested.type,
      passkeyFailed: bulkPasskeyFailed,
      pending: (state: { transfers: TransfersState }) => selectTransfers(state).bulk.pending,
      confirm: (pending, approval) => confirmBulkEndpoint(pending.id, approval),
      passkeyOptions: (pending) => bulkPasskeyOptionsEndpoint(pending.id),
      warning: (pending) => pending.riskWarning,
      answered: bulkConfirmed,
    }),
  ])
}
