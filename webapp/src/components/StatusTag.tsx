import { Tag } from 'antd'
import { humanize } from '../lib/format'

const COLORS: Record<string, string> = { COMPLETED: 'success', PENDING: 'warning', FAILED: 'error' }

/** Darker text than antd's presets, which are below WCAG AA contrast on their tinted backgrounds. */
const TEXT_COLORS: Record<string, string> = { success: '#13693c', warning: '#7a4f00', error: '#a32626' }

export function StatusTag({ status }: { status: string }) {
  const color = COLORS[status] ?? 'default'
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, color: TEXT_COLORS[color] }}>
      {humanize(status)}
    </Tag>
  )
}
