import { Tag } from 'antd'

const COLORS: Record<string, string> = {
  RECEIVED: 'blue',
  IN_REVIEW: 'warning',
  REFUNDED: 'success',
  ANSWERED: 'success',
  REJECTED: 'error',
}
/** Darker text than antd's presets, which are below WCAG AA contrast on their tinted backgrounds. */
const TEXT_COLORS: Record<string, string> = { success: '#13693c', warning: '#7a4f00', error: '#a32626', blue: '#0b4f8a' }

export function DisputeStatusTag({ status, label }: { status: string; label: string }) {
  const color = COLORS[status] ?? 'default'
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, color: TEXT_COLORS[color] }} data-testid="dispute-status">
      {label}
    </Tag>
  )
}
