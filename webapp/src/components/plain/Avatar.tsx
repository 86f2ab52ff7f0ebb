/** antd's round Avatar with an icon, at a size in pixels (the icon at half of it, as antd draws it). */
import type { CSSProperties, ReactNode } from 'react'
import { THEME_CLASS } from '../../lib/theme'

export function Avatar({ size, icon, style }: { size: number; icon: ReactNode; style?: CSSProperties }) {
  return (
    <span
      className={`ant-avatar ant-avatar-circle ant-avatar-icon ant-avatar-css-var ${THEME_CLASS}`}
      style={{ width: size, height: size, fontSize: size / 2, ...style }}
    >
      {icon}
    </span>
  )
}
