/**
 * The new-device cap, told before the customer types (docs/contract.md §8.3): for 24 hours
 * after a first sign-in on a new device, or after a passkey was added on it, transfers from
 * it total at most ₦20,000. The sentence (with when the cap ends, in West Africa Time) is the
 * BFF's, from `GET /api/transfer/device-cap`. Nothing shows when the device is not capped, or
 * when the read fails: the BFF refuses an amount over the cap with the same explanation.
 * `CapNotice` is the look every cap's notice shares (the new-account cap's too, NewAccountCapNotice.tsx).
 */
import { useEffect, useState } from 'react'
import { Alert } from 'antd'
import { runEndpoint } from '../../api/client'
import { useAppSelector } from '../../store/hooks'
import { selectAccessToken } from '../../store/appSlice'
import { deviceCapEndpoint } from './api'

export function CapNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return <Alert type="info" showIcon title={message} className="kobo-device-cap" role="status" />
}

export function DeviceCapNotice() {
  const token = useAppSelector(selectAccessToken)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void runEndpoint(deviceCapEndpoint(), token).then((result) => {
      if (live && !result.error && result.data.capped) setMessage(result.data.message ?? null)
    })
    return () => {
      live = false
    }
  }, [token])

  return <CapNotice message={message} />
}
