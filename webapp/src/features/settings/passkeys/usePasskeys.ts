/**
 * The passkeys part of Settings as a hook: the slice's reducer under React's useReducer and
 * the calls as plain async steps (what a saga would do, kept out of the signed-in bundle).
 * A 401/403 still ends the session, as `callApi` does for sagas.
 */
import { useCallback, useMemo, useReducer } from 'react'
import { isSessionError, failureReason, runEndpoint, type ApiResult, type Endpoint } from '../../../api/client'
import type { CodeSent, MessageResponse } from '../../../api/accountTypes'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectAccessToken, sessionExpired } from '../../../store/appSlice'
import { toastError, toastSuccess } from '../../../store/toastSlice'
import { createPasskey, getPasskeyAssertion } from '../../../lib/passkeys'
import type { PasskeyAssertion } from '../../../api/types'
import {
  confirmPasskeyEndpoint,
  generatePasskeyEndpoint,
  passkeyOptionsEndpoint,
  passkeysEndpoint,
  removePasskeyEndpoint,
  removePasskeyOptionsEndpoint,
  renamePasskeyEndpoint,
} from './api'
import {
  initialPasskeysState,
  passkeyAddClosed,
  passkeyAddCodeEntered,
  passkeyAddCodeRejected,
  passkeyAddCodeSent,
  passkeyAddRequested,
  passkeyAdded,
  passkeyRenamed,
  passkeyRemoveApprovalFailed,
  passkeyRemoveCodeRejected,
  passkeyRemoveCodeSent,
  passkeyRemoveClosed,
  passkeyRemoveConfirmed,
  passkeyRemoveRequested,
  passkeyRemoved,
  passkeysFailed,
  passkeysLoaded,
  passkeysReducer,
  passkeysRequested,
} from './slice'
import { PASSKEYS_FAILED, PASSKEY_ADDED, PASSKEY_REMOVED, PASSKEY_RENAMED } from './texts'

export function usePasskeys() {
  const [state, local] = useReducer(passkeysReducer, initialPasskeysState)
  const dispatch = useAppDispatch()
  const token = useAppSelector(selectAccessToken)

  const call = useCallback(
    async <T,>(endpoint: Endpoint<T>): Promise<ApiResult<T>> => {
      const result = await runEndpoint(endpoint, token)
      if (result.error && isSessionError(result.error)) dispatch(sessionExpired({ status: result.error.status as number }))
      return result
    },
    [dispatch, token],
  )
  const fail = useCallback((reason: string) => dispatch(toastError(reason)), [dispatch])

  const load = useCallback(async () => {
    local(passkeysRequested())
    const result = await call(passkeysEndpoint())
    local(result.error ? passkeysFailed(failureReason(result.error, PASSKEYS_FAILED)) : passkeysLoaded(result.data))
  }, [call])

  const startAdd = useCallback(async () => {
    local(passkeyAddRequested())
    const result = await call(generatePasskeyEndpoint())
    if (result.error) {
      local(passkeyAddClosed())
      fail(failureReason(result.error))
      return
    }
    local(passkeyAddCodeSent(result.data.message))
  }, [call, fail])

  const enterAddCode = useCallback(
    async (code: string) => {
      local(passkeyAddCodeEntered({ code }))
      const options = await call(passkeyOptionsEndpoint(code))
      if (options.error) {
        local(passkeyAddCodeRejected())
        fail(failureReason(options.error))
        return
      }
      try {
        const credential = await createPasskey(options.data.options)
        const added = await call(confirmPasskeyEndpoint(credential))
        if (added.error) throw new Error(failureReason(added.error))
        local(passkeyAdded(added.data.passkey))
        dispatch(toastSuccess(PASSKEY_ADDED))
      } catch (error) {
        // The code was used up by the options: adding starts again from a new code.
        local(passkeyAddClosed())
        fail(error instanceof Error ? error.message : String(error))
      }
    },
    [call, dispatch, fail],
  )

  const startRemove = useCallback(
    async (id: number) => {
      local(passkeyRemoveRequested({ id }))
      const result = await call<MessageResponse | CodeSent>(removePasskeyEndpoint(id, null))
      if (result.error) {
        local(passkeyRemoveClosed())
        fail(failureReason(result.error))
        return
      }
      local(passkeyRemoveCodeSent(result.data.message))
    },
    [call, fail],
  )

  const finishRemove = useCallback(
    async (id: number, approval: { otp: string } | { passkey: PasskeyAssertion }) => {
      const result = await call<MessageResponse | CodeSent>(removePasskeyEndpoint(id, approval))
      if (result.error) {
        local('otp' in approval ? passkeyRemoveCodeRejected() : passkeyRemoveApprovalFailed())
        fail(failureReason(result.error))
        return
      }
      local(passkeyRemoved(id))
      dispatch(toastSuccess(PASSKEY_REMOVED))
    },
    [call, dispatch, fail],
  )

  const confirmRemove = useCallback(
    async (otp: string) => {
      const id = state.remove.id
      if (id === null) return
      local(passkeyRemoveConfirmed())
      await finishRemove(id, { otp })
    },
    [finishRemove, state.remove.id],
  )

  /** With a passkey (this one or another): options bound to this removal, then the
   * browser's assertion. A cancelled prompt or a refusal is a toast; the code still works. */
  const approveRemove = useCallback(async () => {
    const id = state.remove.id
    if (id === null) return
    local(passkeyRemoveConfirmed())
    const options = await call(removePasskeyOptionsEndpoint(id))
    if (options.error) {
      local(passkeyRemoveApprovalFailed())
      fail(failureReason(options.error))
      return
    }
    let passkey: PasskeyAssertion
    try {
      passkey = await getPasskeyAssertion(options.data.options)
    } catch (error) {
      local(passkeyRemoveApprovalFailed())
      fail(error instanceof Error ? error.message : String(error))
      return
    }
    await finishRemove(id, { passkey })
  }, [call, fail, finishRemove, state.remove.id])

  /** True once renamed (the dialog closes); a refusal is a toast and the dialog stays. */
  const rename = useCallback(
    async (id: number, name: string): Promise<boolean> => {
      const result = await call(renamePasskeyEndpoint(id, name))
      if (result.error) {
        fail(failureReason(result.error))
        return false
      }
      local(passkeyRenamed(result.data))
      dispatch(toastSuccess(PASSKEY_RENAMED))
      return true
    },
    [call, dispatch, fail],
  )

  const actions = useMemo(
    () => ({
      load,
      rename,
      startAdd,
      enterAddCode,
      closeAdd: () => local(passkeyAddClosed()),
      startRemove,
      confirmRemove,
      approveRemove,
      closeRemove: () => local(passkeyRemoveClosed()),
    }),
    [load, rename, startAdd, enterAddCode, startRemove, confirmRemove, approveRemove],
  )
  return [state, actions] as const
}
