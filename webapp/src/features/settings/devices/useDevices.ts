/**
 * The devices part of Settings as a hook (as usePasskeys: local state, plain async steps,
 * kept out of the signed-in bundle). A 401/403 still ends the session.
 */
import { useCallback, useMemo, useState } from 'react'
import { isSessionError, failureReason, runEndpoint, type ApiResult, type Endpoint } from '../../../api/client'
import type { CodeSent, MessageResponse } from '../../../api/accountTypes'
import type { Device, PasskeyAssertion } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectAccessToken, sessionExpired } from '../../../store/appSlice'
import { toastError, toastSuccess } from '../../../store/toastSlice'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../../../lib/loadStatus'
import { devicesEndpoint, removeDeviceEndpoint, removeDevicePasskeyOptionsEndpoint, renameDeviceEndpoint } from './api'
import { getPasskeyAssertion } from '../../../lib/passkeys'
import { DEVICES_FAILED, DEVICE_REMOVED, DEVICE_RENAMED } from './texts'

export interface RemoveState {
  id: number | null
  step: 'idle' | 'sending' | 'code' | 'confirming'
  message: string | null
  failures: number
}
export interface RenameState {
  id: number | null
  busy: boolean
}

const idleRemove: RemoveState = { id: null, step: 'idle', message: null, failures: 0 }
const idleRename: RenameState = { id: null, busy: false }

export function useDevices() {
  const [items, setItems] = useState<Device[]>([])
  const [load, setLoad] = useState<Load>(idleLoad)
  const [remove, setRemove] = useState<RemoveState>(idleRemove)
  const [rename, setRename] = useState<RenameState>(idleRename)
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

  const reload = useCallback(async () => {
    setLoad(loadStarted())
    const result = await call(devicesEndpoint())
    if (result.error) {
      setLoad(loadFailed(failureReason(result.error, DEVICES_FAILED)))
      return
    }
    setItems(result.data)
    setLoad(loadSucceeded())
  }, [call])

  const saveName = useCallback(
    async (id: number, name: string) => {
      setRename({ id, busy: true })
      const result = await call(renameDeviceEndpoint(id, name))
      if (result.error) {
        setRename({ id, busy: false })
        fail(failureReason(result.error))
        return
      }
      setItems((devices) => devices.map((d) => (d.id === id ? { ...d, name: result.data.name } : d)))
      setRename(idleRename)
      dispatch(toastSuccess(DEVICE_RENAMED))
    },
    [call, dispatch, fail],
  )

  const startRemove = useCallback(
    async (id: number) => {
      setRemove({ ...idleRemove, id, step: 'sending' })
      const result = await call<MessageResponse | CodeSent>(removeDeviceEndpoint(id, null))
      if (result.error) {
        setRemove(idleRemove)
        fail(failureReason(result.error))
        return
      }
      setRemove({ id, step: 'code', message: result.data.message, failures: 0 })
    },
    [call, fail],
  )

  const finishRemove = useCallback(
    async (id: number, approval: { otp: string } | { passkey: PasskeyAssertion }) => {
      const result = await call<MessageResponse | CodeSent>(removeDeviceEndpoint(id, approval))
      if (result.error) {
        setRemove((r) => ({ ...r, step: 'code', failures: 'otp' in approval ? r.failures + 1 : r.failures }))
        fail(failureReason(result.error))
        return
      }
      setItems((devices) => devices.filter((d) => d.id !== id))
      setRemove(idleRemove)
      dispatch(toastSuccess(DEVICE_REMOVED))
    },
    [call, dispatch, fail],
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
    const options = await call(removeDevicePasskeyOptionsEndpoint(id))
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
  }, [call, fail, finishRemove, remove.id])

  const actions = useMemo(
    () => ({
      load: reload,
      startRename: (id: number) => setRename({ id, busy: false }),
      saveName,
      closeRename: () => setRename(idleRename),
      startRemove,
      confirmRemove,
      approveRemove,
      closeRemove: () => setRemove(idleRemove),
    }),
    [reload, saveName, startRemove, confirmRemove, approveRemove],
  )
  return [{ items, load, remove, rename }, actions] as const
}
