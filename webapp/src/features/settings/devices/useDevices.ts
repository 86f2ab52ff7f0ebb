/**
 * The devices part of Settings as a hook: the list is a read (securityReads.ts), renaming is
 * a plain async step and removing the shared code-or-passkey steps (useRemoval.ts), both
 * changing the list in place. Kept out of the signed-in bundle. A 401/403 still ends the session.
 */
import { useCallback, useMemo, useState } from 'react'
import { failureReason } from '../../../api/client'
import { useAppDispatch } from '../../../store/hooks'
import { toastError, toastSuccess } from '../../../store/toastSlice'
import { useSessionCall } from '../../../components/disputes/useSessionCall'
import { useSecurityList } from '../securityReads'
import { useRemoval } from '../useRemoval'
import { removeDeviceEndpoint, removeDevicePasskeyOptionsEndpoint, renameDeviceEndpoint } from './api'
import { DEVICE_REMOVED, DEVICE_RENAMED } from './texts'

export type { RemoveState } from '../useRemoval'
export interface RenameState {
  id: number | null
  busy: boolean
}

const idleRename: RenameState = { id: null, busy: false }

export function useDevices() {
  const { items, load, reload, change } = useSecurityList('devices')
  const [rename, setRename] = useState<RenameState>(idleRename)
  const dispatch = useAppDispatch()
  const call = useSessionCall()

  const removed = useCallback((id: number) => change((devices) => devices.filter((d) => d.id !== id)), [change])
  const [remove, removeActions] = useRemoval({
    removeEndpoint: removeDeviceEndpoint,
    optionsEndpoint: removeDevicePasskeyOptionsEndpoint,
    removed,
    doneText: DEVICE_REMOVED,
  })

  const saveName = useCallback(
    async (id: number, name: string) => {
      setRename({ id, busy: true })
      const result = await call(renameDeviceEndpoint(id, name))
      if (result.error) {
        setRename({ id, busy: false })
        dispatch(toastError(failureReason(result.error)))
        return
      }
      change((devices) => devices.map((d) => (d.id === id ? { ...d, name: result.data.name } : d)))
      setRename(idleRename)
      dispatch(toastSuccess(DEVICE_RENAMED))
    },
    [call, change, dispatch],
  )

  const actions = useMemo(
    () => ({
      load: reload,
      startRename: (id: number) => setRename({ id, busy: false }),
      saveName,
      closeRename: () => setRename(idleRename),
      ...removeActions,
    }),
    [reload, saveName, removeActions],
  )
  return [{ items, load, remove, rename }, actions] as const
}
