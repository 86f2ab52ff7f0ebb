/**
 * Shows queued toasts top-right for 5 s (docs/contract.md §1.3) and removes
 * them from the queue. Rendered once, inside the antd ConfigProvider, so the
 * notifications use the Kobo theme.
 */
import { useEffect } from 'react'
import { notification } from 'antd'
import { useAppDispatch, useAppSelector } from '../store/hooks'
import { selectToastQueue, toastShown } from '../store/toastSlice'
import { AntdProviders } from './AntdProviders'

export const TOAST_DURATION_SECONDS = 5

export function ToastHost() {
  const [api, contextHolder] = notification.useNotification({
    placement: 'topRight',
    // Below the 64 px header, so a toast never hides the user menu.
    top: 76,
    duration: TOAST_DURATION_SECONDS,
    maxCount: 4,
  })
  const queue = useAppSelector(selectToastQueue)
  const dispatch = useAppDispatch()

  useEffect(() => {
    for (const toast of queue) {
      api[toast.type]({ key: toast.id, title: toast.message, role: 'status' })
      dispatch(toastShown(toast.id))
    }
  }, [queue, api, dispatch])

  return contextHolder
}

/** The toast host with the Kobo theme; loaded with the first toast (AppProviders). */
export default function ThemedToastHost() {
  return (
    <AntdProviders>
      <ToastHost />
    </AntdProviders>
  )
}
