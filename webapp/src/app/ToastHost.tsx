/**
 * Shows queued toasts for 5 s (docs/contract.md §1.3) and removes them from the queue.
 * Rendered once, inside the antd ConfigProvider, so the notifications use the Kobo theme.
 *
 * A toast tells what an action did; a failed read is its screen's failed state, never a
 * toast (api/koboApi.ts). Toasts sit at the bottom, clear of the page's heading and its
 * actions: bottom right on a wide screen, bottom centre on a phone, where a top toast would
 * cover the heading. One shows at a time: a new outcome replaces the last, and the same
 * sentence again keeps the toast on screen rather than adding a second.
 */
import { useEffect } from 'react'
import { notification } from 'antd'
import { useAppDispatch, useAppSelector } from '../store/hooks'
import { selectToastQueue, toastShown } from '../store/toastSlice'
import { useIsMobile } from '../lib/useIsMobile'
import { AntdProviders } from '../components/AntdProviders'

export const TOAST_DURATION_SECONDS = 5

export function ToastHost() {
  const [api, contextHolder] = notification.useNotification({
    duration: TOAST_DURATION_SECONDS,
    maxCount: 1,
    // A toast leaves after its 5 s even under the pointer: one that lingered while hovered
    // kept covering the action beneath it (a page's bottom button) for as long as the
    // pointer rested there. Its close button still dismisses it at once.
    pauseOnHover: false,
  })
  const queue = useAppSelector(selectToastQueue)
  const dispatch = useAppDispatch()
  const isMobile = useIsMobile()

  useEffect(() => {
    for (const toast of queue) {
      api[toast.type]({
        // The same sentence twice is one toast (its 5 s start again), not two.
        key: `${toast.type}:${toast.message}`,
        title: toast.message,
        role: 'status',
        placement: isMobile ? 'bottom' : 'bottomRight',
      })
      dispatch(toastShown(toast.id))
    }
  }, [queue, api, dispatch, isMobile])

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
