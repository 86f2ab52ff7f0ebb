/**
 * A payment's status as antd's Tag draws it (its classes, in its filled look), without antd's
 * Tag, which brings a colour picker's code with it: /home's first screen shows these (issue 57).
 */
import { humanize } from '../lib/format'
import { THEME_CLASS } from '../lib/theme'
import './plain/plainTheme.css'

const COLORS: Record<string, string> = { COMPLETED: 'success', PENDING: 'warning', FAILED: 'error' }

/** Darker text than antd's presets, which are below WCAG AA contrast on their tinted backgrounds. */
const TEXT_COLORS: Record<string, string> = { success: '#13693c', warning: '#7a4f00', error: '#a32626' }

export function StatusTag({ status }: { status: string }) {
  const color = COLORS[status] ?? 'default'
  return (
    <span className={`ant-tag ant-tag-filled ant-tag-${color} ${THEME_CLASS}`} style={{ marginInlineEnd: 0, color: TEXT_COLORS[color] }}>
      {humanize(status)}
    </span>
  )
}
