/**
 * Media-query hooks read synchronously from matchMedia, so the first paint
 * already has the right layout (antd's Grid.useBreakpoint only knows after
 * an effect, which would flash the desktop sidebar on phones).
 */
import { useCallback, useSyncExternalStore } from 'react'

export const MOBILE_QUERY = '(max-width: 767.98px)'
export const DESKTOP_QUERY = '(min-width: 992px)'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false)
}

/** Phones: below antd's `md` breakpoint (768 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY)
}
