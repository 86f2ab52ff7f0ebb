/**
 * The passkeys part of Settings as a hook: the list is a read (securityReads.ts); adding is
 * the slice's reducer under React's useReducer with the calls as plain async steps (what a
 * saga would do, kept out of the signed-in bundle); removing is the shared code-or-passkey
 * steps (useRemoval.ts). Each write changes the list in place. A 401/403 still ends the session.
 */
import { useCallback, useMemo, useReducer } from 'react'
import { failureReason } from '../../../api/client'
import { useAppDispatch } from '../../../store/hooks'
import { toastError, toastSuccess } from '../../../store/toastSlice'
import { useSessionCall } from '../../../components/disputes/useSessionCall'
import { createPasskey } from '../../../lib/passkeys'
import { useSecurityList } from '../securityReads'
import { useRemoval } from '../useRemoval'
import {
  confirmPasskeyEndpoint,
  generatePasskeyEndpoint,
  passkeyOptionsEndpoint,
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
  passkeysReducer,
} from './slice'
import { PASSKEY_ADDED, PASSKEY_REMOVED, PASSKEY_RENAMED } from './texts'

export function usePasskeys() {
  const { items, load, reload, change } = useSecurityList('passkeys')
  const [{ add }, local] = useReducer(passkeysReducer, initialPasskeysState)
  const dispatch = useAppDispatch()
  const call = useSessionCall()
  const fail = useCallback((reason: string) => dispatch(toastError(reason)), [dispatch])

  const removed = useCallback((id: number) => change((passkeys) => passkeys.filter((p) => p.id !== id)), [change])
  const [remove, removeActions] = useRemoval({
    removeEndpoint: removePasskeyEndpoint,
    optionsEndpoint: removePasskeyOptionsEndpoint,
    removed,
    doneText: PASSKEY_REMOVED,
  })

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
        const { passkey } = added.data
        change((passkeys) => [...passkeys, passkey])
        local(passkeyAdded())
        dispatch(toastSuccess(PASSKEY_ADDED))
      } catch (error) {
        // The code was used up by the options: adding starts again from a new code.
        local(passkeyAddClosed())
        fail(error instanceof Error ? error.message : String(error))
      }
    },
    [call, change, dispatch, fail],
  )

  /** True once renamed (the dialog closes); a refusal is a toast and the dialog stays. */
  const rename = useCallback(
    async (id: number, name: string): Promise<boolean> => {
      const result = await call(renamePasskeyEndpoint(id, name))
      if (result.error) {
        fail(failureReason(result.error))
        return false
      }
      const renamed = result.data
      change((passkeys) => passkeys.map((p) => (p.id === renamed.id ? renamed : p)))
      dispatch(toastSuccess(PASSKEY_RENAMED))
      return true
    },
    [call, change, dispatch, fail],
  )

  const actions = useMemo(
    () => ({
      load: reload,
      rename,
      startAdd,
      enterAddCode,
      closeAdd: () => local(passkeyAddClosed()),
      ...removeActions,
    }),
    [reload, rename, startAdd, enterAddCode, removeActions],
  )
  return [{ items, load, add, remove }, actions] as const
}
