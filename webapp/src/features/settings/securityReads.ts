/**
 * The two lists of Settings › 2 Factor Authentication, the passkeys and the known devices,
 * as reads through RTK Query (api/koboApi.ts). Renaming, adding and removing change the
 * read's answer in place (`updateQueryData`) rather than asking again. Only the Settings page
 * downloads this module.
 */
import { useCallback } from 'react'
import { koboApi, loadOf } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { useAppDispatch } from '../../store/hooks'
import type { Device, Passkey } from '../../api/types'
import { devicesEndpoint } from './devices/api'
import { DEVICES_FAILED } from './devices/texts'
import { passkeysEndpoint } from './passkeys/api'
import { PASSKEYS_FAILED } from './passkeys/texts'

export const securityApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    passkeys: build.query<Passkey[], void>({
      query: passkeysEndpoint,
      extraOptions: { fallback: PASSKEYS_FAILED },
    }),
    devices: build.query<Device[], void>({
      query: devicesEndpoint,
      extraOptions: { fallback: DEVICES_FAILED },
    }),
  }),
})

interface Lists {
  passkeys: Passkey[]
  devices: Device[]
}
const NOTHING: never[] = []

/** One list: its items, its three states, Retry, and an in-place change after a write. */
export function useSecurityList<N extends keyof Lists>(name: N) {
  const dispatch = useAppDispatch()
  const read = useRead(securityApi.endpoints[name] as never, undefined) as ReturnType<typeof useRead<Lists[N], void>>
  const change = useCallback(
    (update: (items: Lists[N]) => Lists[N]) =>
      dispatch(securityApi.util.updateQueryData(name, undefined as never, (items) => update(items as Lists[N]) as never)),
    [dispatch, name],
  )
  return { items: read.data ?? (NOTHING as Lists[N]), load: loadOf(read), reload: read.refetch, change }
}
