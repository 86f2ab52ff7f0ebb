/**
 * The antd theme, locale and form messages for every page but the login
 * route (which uses no antd, to keep the sign-in bundle small). The router
 * wraps each lazily loaded top-level page or layout in it (routes.tsx); the
 * toast host has its own.
 *
 * A device that asks for less motion gets antd's motion turned off (lib/theme.ts, stillTheme).
 *
 * antd's App component is not used: nothing calls App.useApp(), and the text
 * style it gave its subtree is on the body (index.css).
 */
import { useEffect, type ReactNode } from 'react'
import { ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import { REDUCED_MOTION_QUERY, stillTheme, theme } from '../lib/theme'
import { useMediaQuery } from '../lib/useIsMobile'
import { loadAntdRestStylesWhenIdle } from '../lib/antdStyles'
// antd's styles for the first screens (app/antdStyles.ts); the rest follows when idle.
import 'virtual:antd-styles/first-screen.css'
import './antdContrast.css'

export function AntdProviders({ children }: { children: ReactNode }) {
  useEffect(loadAntdRestStylesWhenIdle, [])
  const lessMotion = useMediaQuery(REDUCED_MOTION_QUERY)
  return (
    <ConfigProvider theme={lessMotion ? stillTheme : theme} locale={enGB} form={{ validateMessages: { required: 'This field is required' } }}>
      {children}
    </ConfigProvider>
  )
}
