/**
 * The router's errorElement. The error page and antd load only when a route
 * fails, so they stay out of the sign-in bundle (issue 11); if they cannot load either, a
 * plain page with Reload stands in (PlainReloadPage).
 */
import { Suspense, lazy } from 'react'
import { loadChunk } from './loadChunk'
import { PlainReloadPage } from './PlainReloadPage'
import { ReloadingPage } from './ReloadingPage'
import { useReplacePaintedFirstView } from './paintedFirstView'

const ThemedErrorPage = lazy(async () => {
  const load = async () => {
    const [{ ErrorPage }, { AntdProviders }] = await Promise.all([import('./pages/ErrorPage'), import('../components/AntdProviders')])
    return function ThemedErrorPage() {
      return (
        <AntdProviders>
          <ErrorPage />
        </AntdProviders>
      )
    }
  }
  try {
    return { default: (await loadChunk(load)) ?? ReloadingPage }
  } catch {
    // Even the error page's code is out of reach: never a white screen.
    return { default: PlainReloadPage }
  }
})

export function RouteError() {
  // A page that failed as it first opened: the painted first view must not stay over it.
  useReplacePaintedFirstView()
  return (
    <Suspense fallback={null}>
      <ThemedErrorPage />
    </Suspense>
  )
}
