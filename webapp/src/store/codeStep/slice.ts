/**
 * A code step's state (store/codeStep/saga.ts runs the step): a flow keeps `{ step, failures }`
 * beside its own fields in its slice and takes the step's reducers from `codeStepReducers`.
 * Apart from the saga, so the slices a first screen loads bring only these few lines.
 */
import type { PayloadAction } from '@reduxjs/toolkit'

/** The part of a flow's state the code step moves. */
export interface CodeStepPart {
  step: string
  /** Goes up each time a code is refused, which clears the boxes. */
  failures: number
}

/** The step's reducers, for a slice whose code step lives at `part(state)`. */
export function codeStepReducers<S, Confirm = { otp: string }>(part: (state: S) => CodeStepPart) {
  /** The code went back, or "Approve with passkey" was pressed: the confirm call is on its way. */
  const confirming = (state: S, _action?: PayloadAction<Confirm>) => {
    part(state).step = 'confirming'
  }
  return {
    confirmRequested: confirming as (state: S, action: PayloadAction<Confirm>) => void,
    passkeyRequested: confirming as (state: S) => void,
    /** No approval came back (cancelled, refused): the dialog stays, its boxes as they were. */
    passkeyFailed(state: S) {
      part(state).step = 'code'
    },
    /** A wrong code or a hiccup: the dialog stays for another try, its boxes cleared. */
    codeRejected(state: S) {
      const step = part(state)
      step.step = 'code'
      step.failures += 1
    },
  }
}
