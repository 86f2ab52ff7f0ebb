import type { ThemeConfig } from 'antd'
import { theme } from '../lib/theme'

/**
 * The Kobo look for a customer whose device asks for less motion: antd's dialogs, drawers,
 * menus and toasts appear and leave in place instead of zooming and sliding (`motion: false`
 * turns antd's motion off). Here rather than in lib/theme.ts, which the login page's bundle
 * carries, because only antd's widgets need it; components/plain/plainTheme.css has its
 * variables for the first screens.
 */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } }
