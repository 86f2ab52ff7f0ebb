/**
 * A part of a first screen drawn with antd's components, inside the antd theme, locale and
 * motion setting (AntdProviders), whose code loads after the first screen's: the first
 * screens have no antd providers around them (issue 57). `fallback` shows until the
 * providers and every lazily loaded component among `children` have arrived.
 */
import { lazy, Suspense, type ReactNode } from 'react'

const Providers = lazy(async () => ({ default: (await import('./AntdProviders')).AntdProviders }))

export function AntdLater({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Providers>{children}</Providers>
    </Suspense>
  )
}
