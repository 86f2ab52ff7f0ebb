/**
 * The router's errorElement. The error page and antd load only when a route
 * fails, so they stay out of the sign-in bundle (issue 11).
 */
import { Suspense, lazy } from 'react'
import { loadChunk } from './loadChunk'

const ThemedErrorPage = lazy(async () => {
  const load = async () => {
    const [{ ErrorPage }, { AntdProviders }] = await Promise.all([import('./pages/ErrorPage'), import('./AntdProviders')])
    return function ThemedErrorPage() {
      return (
        <AntdProviders>
          <ErrorPage />
        </AntdProviders>
      )
    }
  }
  return { default: (await loadChunk(load)) ?? (() => null) }
})

export function RouteError() {
  return (
    <Suspense fallback={null}>
      <ThemedErrorPage />
    </Suspense>
  )
}
