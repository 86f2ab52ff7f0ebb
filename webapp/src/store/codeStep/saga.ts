/**
 * The one way a code step runs (issue 55): initiate → a one-time code or a passkey → confirm.
 * A flow keeps its part of the state in its slice, with the step's reducers from
 * `codeStepReducers` (slice.ts); its watchers come from `codeStepSaga`, which sends the
 * initiate call, confirms with the typed code or with a passkey (its steps load on the click,
 * lib/passkeyApproval.ts) and hands each answer to the flow. What happens after the answer
 * (a receipt, polling a Pending payment) is the flow's.
 *
 * A step-up (docs/contract.md §16.1): when the first call's answer carried a risk warning, the
 * code dialog shows it first and opens its code step only once the customer ticked that they
 * understand (components/code/CodeDialog.tsx); the confirm then says so, `acknowledgeWarning:
 * true`, beside the code or the passkey.
 */
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit'
import { call, put, select, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { ApiResult, Endpoint } from '../../api/client'
import { callApi } from '../../api/saga'
import type { PasskeyAssertion, PasskeyOptions } from '../../api/types'
import type * as PasskeyApprovalModule from '../../lib/passkeyApproval'

export type Approval = ({ otp: string } | { passkey: PasskeyAssertion }) & { acknowledgeWarning?: true }

export interface CodeStepConfig<Pending, Result, Start, Started> {
  /** Optional first call: its action, its endpoint and what the flow does with the answer. */
  initiate?: {
    requested: string
    /** `state`: the store's, for what the flow kept before the call. */
    endpoint: (start: Start, state: never) => Endpoint<Started>
    answered: (result: ApiResult<Started>, start: Start) => SagaIterator
  }
  confirmRequested: string
  /** A step a passkey may approve instead (issue 40): "Approve with passkey", what ends a
   * prompt that gave no approval, and the options that approve this step and nothing else.
   * A step without them takes the code only. */
  passkeyRequested?: string
  passkeyFailed?: () => UnknownAction
  /** What is waiting for its code (null: nothing, and nothing is sent). */
  pending: (state: never) => Pending | null
  confirm: (pending: Pending, approval: Approval) => Endpoint<Result>
  passkeyOptions?: (pending: Pending) => Endpoint<PasskeyOptions>
  /** The step-up warning the dialog showed before its code step, if any. */
  warning?: (pending: Pending) => unknown
  /** The confirm call's answer, whichever way it was approved. */
  answered: (result: ApiResult<Result>, pending: Pending) => SagaIterator
}

/** The step's watchers, for a feature's saga (`yield all([...codeStepSaga(…)])`). */
export function codeStepSaga<Pending, Result, Start = never, Started = never>(
  config: CodeStepConfig<Pending, Result, Start, Started>,
) {
  function* confirmWith(approval: Approval | null): SagaIterator {
    const pending: Pending | null = yield select(config.pending as (state: unknown) => Pending | null)
    if (!pending) return
    if (!approval) {
      const { passkeyApprovalFor }: typeof PasskeyApprovalModule = yield call(() => import('../../lib/passkeyApproval'))
      const passkey: PasskeyAssertion | null = yield call(passkeyApprovalFor, config.passkeyOptions!(pending))
      if (!passkey) {
        yield put(config.passkeyFailed!())
        return
      }
      approval = { passkey }
    }
    if (config.warning?.(pending)) approval.acknowledgeWarning = true
    const result: ApiResult<Result> = yield call(callApi<Result>, config.confirm(pending, approval))
    yield call(config.answered, result, pending)
  }
  const { initiate } = config
  return [
    ...(initiate
      ? [
          takeLatest(initiate.requested, function* (action: PayloadAction<Start>): SagaIterator {
            const state: unknown = yield select()
            const result: ApiResult<Started> = yield call(callApi<Started>, initiate.endpoint(action.payload, state as never))
            yield call(initiate.answered, result, action.payload)
          }),
        ]
      : []),
    takeLatest(config.confirmRequested, (action: PayloadAction<{ otp: string }>) => confirmWith({ otp: action.payload.otp })),
    ...(config.passkeyRequested ? [takeLatest(config.passkeyRequested, () => confirmWith(null))] : []),
  ]
}
