/**
 * Bill vending (docs/contract.md §11.3): initiate → the code dialog → confirm
 * with otp and utilityVendingRequestId → 200 done, 202 Pending (the history is
 * then checked until the biller's final answer), 422 refused with the reason.
 * A 401 on any of these calls ends the session in `callApi` (api/saga.ts).
 */
import { all, call, delay, put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiError, type ApiResult } from '../../api/client'
import { codeStepSaga } from '../../store/codeStep/saga'
import { toastError, toastFailure, toastInfo, toastSuccess } from '../../store/toastSlice'
import { afterPayment, koboApi } from '../../api/koboApi'
import { billsApi } from './reads'
import { billPasskeyOptionsEndpoint, confirmVendEndpoint, initiateVendEndpoint, logsEndpoint } from './api'
import {
  selectBills,
  vendCodeRejected,
  vendPasskeyFailed,
  vendPasskeyRequested,
  vendCodeSent,
  vendConfirmRequested,
  vendDialogClosed,
  vendFailed,
  vendInitiateFailed,
  vendPending,
  vendRequested,
  vendStatusUpdated,
  vendStillPending,
  vendSucceeded,
  type BillsState,
} from './billsSlice'
import { BILL_ERROR, SUCCESSFUL } from './texts'
import type { BillLog, BillProduct, VendPending, VendRequest, VendResult } from './types'

/** How often and how long a Pending bill is checked (the BFF requeries after 2 s, 5 s, 10 s…). */
export const pendingPolling = { intervalMs: 2500, attempts: 16 }

const isFinal = (bill: BillLog) => bill.vendingStatus !== 'PENDING'

/** The pay call's answer: the code dialog, or the panel back with the reason under it (not a
 * toast: a refusal such as a freeze or the risk check's block must be read, as for transfers). */
function* vendInitiated(result: ApiResult<VendPending>): SagaIterator {
  const { error } = result
  if (error) {
    yield put(vendInitiateFailed({ error: isSessionError(error) ? null : errorMessage(error, BILL_ERROR), inSettings: error.status === 409 }))
    return
  }
  yield put(vendCodeSent(result.data))
}

/** After money moved (or may have), the history and the balances (the accounts to pay from too) are refreshed. */
function* refreshAfterVend(): SagaIterator {
  yield put(koboApi.util.invalidateTags(['BillLogs']))
  yield put(afterPayment())
}

/** Checks the history until the Pending bill is final or the attempts run out. */
export function* pollPendingBillSaga(id: string): SagaIterator {
  for (let attempt = 0; attempt < pendingPolling.attempts; attempt += 1) {
    yield delay(pendingPolling.intervalMs)
    const result: ApiResult<BillLog[]> = yield call(callApi<BillLog[]>, logsEndpoint())
    if (result.error) {
      if (isSessionError(result.error)) return
      continue
    }
    // The history shows what this check found (the read's answer, no request of its own).
    yield put(billsApi.util.upsertQueryData('billLogs', undefined, result.data))
    const bill = result.data.find((item) => item.id === id)
    if (!bill) continue
    yield put(vendStatusUpdated(bill))
    if (isFinal(bill)) {
      if (bill.vendingStatus === 'FAILED') yield put(toastError(bill.message || BILL_ERROR))
      else yield put(toastSuccess(bill.message || SUCCESSFUL))
      yield put(afterPayment())
      return
    }
  }
  yield put(vendStillPending())
}

function failedBillOf(error: ApiError): BillLog | null {
  const body = error.body as { bill?: BillLog } | undefined
  return body?.bill ?? null
}

/** The refused bill's reference (docs/contract.md §11: the 422 names it). */
function failedReferenceOf(error: ApiError): string | null {
  const body = error.body as { referenceNumber?: unknown } | undefined
  return typeof body?.referenceNumber === 'string' ? body.referenceNumber : null
}

/** A confirm call's answer, whichever way the bill was approved. */
function* vendConfirmed(result: ApiResult<VendResult>): SagaIterator {
  if (result.error) {
    if (isSessionError(result.error)) {
      yield put(vendDialogClosed())
      return
    }
    if (result.error.status === 422) {
      // The biller refused: nothing was debited, the reason is the server's.
      const reason = errorMessage(result.error, BILL_ERROR)
      yield put(vendFailed({ error: reason, bill: failedBillOf(result.error), reference: failedReferenceOf(result.error) }))
      yield put(toastError(reason))
      yield call(refreshAfterVend)
      return
    }
    // A wrong code (400) or a hiccup: the dialog stays for another try.
    yield put(vendCodeRejected())
    yield call(toastFailure, result.error, BILL_ERROR)
    return
  }
  const { bill } = result.data
  const message = result.data.message || SUCCESSFUL
  if (bill.vendingStatus === 'PENDING') {
    yield put(vendPending({ bill, message }))
    // A bill held for review has a result of its own, which says so (docs/contract.md §16.1).
    if (!bill.heldForReview) yield put(toastInfo(message))
    yield call(refreshAfterVend)
    yield call(pollPendingBillSaga, bill.id)
    return
  }
  if (bill.vendingStatus === 'FAILED') {
    yield put(vendFailed({ error: bill.message || BILL_ERROR, bill }))
    yield call(refreshAfterVend)
    return
  }
  // The receipt dialog says so; a toast on top would repeat it.
  yield put(vendSucceeded({ bill, message }))
  yield call(refreshAfterVend)
}

const pendingVend = (state: { bills: BillsState }) => {
  const { flow } = selectBills(state)
  return flow.pending && flow.product ? { product: flow.product, id: flow.pending.utilityVendingRequestId, warning: flow.pending.riskWarning } : null
}

export function* billsSaga(): SagaIterator {
  yield all([
    ...codeStepSaga({
      initiate: {
        requested: vendRequested.type,
        endpoint: ({ product, body }: { product: BillProduct; body: VendRequest }) => initiateVendEndpoint(product, body),
        answered: vendInitiated,
      },
      confirmRequested: vendConfirmRequested.type,
      passkeyRequested: vendPasskeyRequested.type,
      passkeyFailed: vendPasskeyFailed,
      pending: pendingVend,
      confirm: ({ product, id }, approval) => confirmVendEndpoint(product, id, approval),
      passkeyOptions: ({ id }) => billPasskeyOptionsEndpoint(id),
      warning: ({ warning }) => warning,
      answered: vendConfirmed,
    }),
  ])
}
