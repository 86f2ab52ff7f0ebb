/**
 * Everything around the router: the Redux store and the toast host. Shared by
 * `main.tsx` and the test helper so tests render exactly what users get.
 *
 * antd is not loaded here: the login route works without it (issue 11), the
 * other pages bring their antd providers with them (AntdProviders.tsx), and
 * the toast host is loaded with the first toast, the update offer with a new version.
 */
import { Suspense, lazy, useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { AppStore } from './store'
import { useAppSelector } from '../store/hooks'
import { selectToastQueue } from '../store/toastSlice'
import { loadAntdRestStyles } from '../lib/antdStyles'
import { usePwaState } from './pwa/pwaState'

// Toasts are antd notifications, whose styles are in the rest of antd's stylesheet (antdStyles.ts).
const ToastHost = lazy(async () => (await Promise.all([import('./ToastHost'), loadAntdRestStyles()]))[0])

/** Mounts the toast host once there is a first toast, and keeps it. */
function DeferredToastHost() {
  const hasToast = useAppSelector(selectToastQueue).length > 0
  const [needed, setNeeded] = useState(hasToast)
  if (hasToast && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  )
}

// The update bar (antd) loads only once a new version waits; the old service worker still has its code.
const UpdateOffer = lazy(() => import('./pwa/UpdateOffer'))

/** "A new version of Kobo is ready · Reload" while a new version waits (pwa/registerServiceWorker.ts). */
function DeferredUpdateOffer() {
  const { applyUpdate } = usePwaState()
  if (!applyUpdate) return null
  return (
    <Suspense fallback={null}>
      <UpdateOffer onReload={applyUpdate} />
    </Suspense>
  )
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <DeferredToastHost />
      {children}
      <DeferredUpdateOffer />
    </Provider>
  )
}
