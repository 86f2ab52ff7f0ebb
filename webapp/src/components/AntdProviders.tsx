/**
 * The antd theme, locale and form messages for whatever draws antd's components: the router
 * wraps each lazily loaded page that does in it (app/routes.tsx), and the widgets that load
 * after a first screen (LazyDropdown, LazyTooltip, the shell's phone drawer, /home's panels)
 * wrap themselves. The first screens (the shell and /home) draw antd's markup without antd
 * (components/plain/) and take the theme's variables from a stylesheet (plainTheme.css), so
 * antd's runtime is not part of them (issue 57). The login route uses no antd; the toast
 * host has its own.
 *
 * A device that asks for less motion gets antd's motion turned off (`stillTheme`, stillTheme.ts).
 *
 * antd's App component is not used: nothing calls App.useApp(), and the text
 * style it gave its subtree is on the body (index.css).
 */
import type { ReactNode } from 'react'
import { ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import { theme } from '../lib/theme'
import { stillTheme } from './stillTheme'
import { useMediaQuery } from '../lib/useIsMobile'
import { useAntdStyles } from './useAntdStyles'

/** A device's setting for less motion (an accessibility option of every phone and desktop). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

export function AntdProviders({ children }: { children: ReactNode }) {
  // antd's styles, for the pages outside the signed-in shell (which brings them itself).
  useAntdStyles()
  const lessMotion = useMediaQuery(REDUCED_MOTION_QUERY)
  return (
    <ConfigProvider theme={lessMotion ? stillTheme : theme} locale={enGB} form={{ validateMessages: { required: 'This field is required' } }}>
      {children}
    </ConfigProvider>
  )
}
