/**
 * The antd breakpoints the window matches, read synchronously from matchMedia (antd's own
 * Grid.useBreakpoint only knows after an effect). Its own module, outside the first
 * screens' bundles: only the list pages' tables use it (components/table/ResponsiveTable).
 */
import { useMemo, useSyncExternalStore } from 'react'
import type { Breakpoint } from 'antd'

/** antd's breakpoints with its default theme's widths (Grid, Table columns' `responsive`). */
const BREAKPOINT_QUERIES: Record<Breakpoint, string> = {
  xs: '(max-width: 575.98px)',
  sm: '(min-width: 576px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 992px)',
  xl: '(min-width: 1200px)',
  xxl: '(min-width: 1600px)',
  xxxl: '(min-width: 1920px)',
}
const BREAKPOINTS = Object.keys(BREAKPOINT_QUERIES) as Breakpoint[]

function subscribeToBreakpoints(onChange: () => void) {
  const lists = BREAKPOINTS.map((breakpoint) => window.matchMedia(BREAKPOINT_QUERIES[breakpoint]))
  for (const list of lists) list.addEventListener('change', onChange)
  return () => lists.forEach((list) => list.removeEventListener('change', onChange))
}

/** The breakpoints the window matches now, read synchronously (unlike Grid.useBreakpoint). */
export function useBreakpoints(): ReadonlySet<Breakpoint> {
  // A string snapshot: useSyncExternalStore compares snapshots with Object.is.
  const matched = useSyncExternalStore(
    subscribeToBreakpoints,
    () => BREAKPOINTS.filter((breakpoint) => window.matchMedia(BREAKPOINT_QUERIES[breakpoint]).matches).join(' '),
    () => '',
  )
  return useMemo(() => new Set(matched.split(' ') as Breakpoint[]), [matched])
}
