/**
 * Removing a passkey or a known device (docs/contract.md, "Passkeys" and §14.4b): a code is
 * sent, then the code or a passkey approves the removal of that one item. The same steps for
 * both; local state and plain async steps, kept out of the signed-in bundle.
 */
import { useCallback, useMemo, useState } from 'react'
import { failureReason, type Endpoint } from '../../api/client'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { PasskeyAssertion, PasskeyOptions } from '../../api/types'
import { useAppDispatch } from '../../store/hooks'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { useSessionCall } from '../../components/disputes/useSessionCall'
import { getPasskeyAssertion } from '../../lib/passkeys'

export interface RemoveState {
  id: number | null
  step: 'idle' | 'sending' | 'code' | 'confirming'
  message: string | null
  failures: number
}

const idleRemove: RemoveState = { id: null, step: 'idle', message: null, failures: 0 }

export interface Removal {
  /** Neither `otp` nor `passkey`: a code is sent; with one the item is removed. */
  removeEndpoint(id: number, approval: { otp: string } | { passkey: PasskeyAssertion } | null): Endpoint<MessageResponse | CodeSent>
  /** The passkey request options that approve removing this item and nothing else. */
  optionsEndpoint(id: number): Endpoint<PasskeyOptions>
  /** Removed: the list drops it. */
  removed(id: number): void
  doneText: string
}

export function useRemoval({ removeEndpoint, optionsEndpoint, removed, doneText }: Removal) {
  const [remove, setRemove] = useState<RemoveState>(idleRemove)
  const dispatch = useAppDispatch()
  const call = useSessionCall()
  const fail = useCallback((reason: string) => dispatch(toastError(reason)), [dispatch])

  const startRemove = useCallback(
    async (id: number) => {
      setRemove({ ...idleRemove, id, step: 'sending' })
      const result = await call(removeEndpoint(id, null))
      if (result.error) {
        setRemove(idleRemove)
        fail(failureReason(result.error))
        return
      }
      setRemove({ id, step: 'code', message: result.data.message, failures: 0 })
    },
    [call, fail, removeEndpoint],
  )

  const finishRemove = useCallback(
    async (id: number, approval: { otp: string } | { passkey: PasskeyAssertion }) => {
      const result = await call(removeEndpoint(id, approval))
      if (result.error) {
        // A wrong code counts; a passkey approval that did not go through leaves the code working.
        setRemove((r) => ({ ...r, step: 'code', failures: 'otp' in approval ? r.failures + 1 : r.failures }))
        fail(failureReason(result.error))
        return
      }
      removed(id)
      setRemove(idleRemove)
      dispatch(toastSuccess(doneText))
    },
    [call, dispatch, doneText, fail, removeEndpoint, removed],
  )

  const confirmRemove = useCallback(
    async (otp: string) => {
      const id = remove.id
      if (id === null) return
      setRemove((r) => ({ ...r, step: 'confirming' }))
      await finishRemove(id, { otp })
    },
    [finishRemove, remove.id],
  )

  /** With a passkey: options bound to this removal, then the browser's assertion. A
   * cancelled prompt or a refusal is a toast; the dialog stays and the code still works. */
  const approveRemove = useCallback(async () => {
    const id = remove.id
    if (id === null) return
    setRemove((r) => ({ ...r, step: 'confirming' }))
    const options = await call(optionsEndpoint(id))
    if (options.error) {
      setRemove((r) => ({ ...r, step: 'code' }))
      fail(failureReason(options.error))
      return
    }
    let passkey: PasskeyAssertion
    try {
      passkey = await getPasskeyAssertion(options.data.options)
    } catch (error) {
      setRemove((r) => ({ ...r, step: 'code' }))
      fail(error instanceof Error ? error.message : String(error))
      return
    }
    await finishRemove(id, { passkey })
  }, [call, fail, finishRemove, optionsEndpoint, remove.id])

  const actions = useMemo(
    () => ({ startRemove, confirmRemove, approveRemove, closeRemove: () => setRemove(idleRemove) }),
    [startRemove, confirmRemove, approveRemove],
  )
  return [remove, actions] as const
}
