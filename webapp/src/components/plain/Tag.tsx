/**
 * antd's Tag in its default colour, as a first screen shows a badge (/transfer's "Disabled"
 * beside an account). StatusTag.tsx draws the coloured ones.
 */
import type { ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

export function Tag({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={classes('ant-tag', 'ant-tag-filled', className, THEME_CLASS)}>{children}</span>
}
