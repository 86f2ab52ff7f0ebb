/**
 * The antd theme, locale and form messages for every page but the login
 * route (which uses no antd, to keep the sign-in bundle small). The router
 * wraps each lazily loaded top-level page or layout in it (routes.tsx); the
 * toast host has its own.
 *
 * A device that asks for less motion gets antd's motion turned off (`stillTheme` below).
 *
 * antd's App component is not used: nothing calls App.useApp(), and the text
 * style it gave its subtree is on the body (index.css).
 */
import { useEffect, type ReactNode } from 'react'
import { ConfigProvider, type ThemeConfig } from 'antd'
import enGB from 'antd/locale/en_GB'
import { theme } from '../lib/theme'
import { useMediaQuery } from '../lib/useIsMobile'
import { loadAntdRestStylesWhenIdle } from '../lib/antdStyles'
// antd's styles for the first screens (app/antdStyles.ts); the rest follows when idle.
import 'virtual:antd-styles/first-screen.css'
import './antdContrast.css'

/** A device's setting for less motion (an accessibility option of every phone and desktop). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

/**
 * The Kobo look for a customer whose device asks for less motion: antd's dialogs, drawers,
 * menus and toasts appear and leave in place instead of zooming and sliding (`motion: false`
 * turns antd's motion off). Here rather than in lib/theme.ts, which the login page's bundle
 * carries, because only antd's pages need it.
 */
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } }

export function AntdProviders({ children }: { children: ReactNode }) {
  useEffect(loadAntdRestStylesWhenIdle, [])
  const lessMotion = useMediaQuery(REDUCED_MOTION_QUERY)
  return (
    <ConfigProvider theme={lessMotion ? stillTheme : theme} locale={enGB} form={{ validateMessages: { required: 'This field is required' } }}>
      {children}
    </ConfigProvider>
  )
}
