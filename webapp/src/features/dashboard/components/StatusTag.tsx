import { Tag } from 'antd'
import { humanize } from '../../../lib/format'

const COLORS: Record<string, string> = { COMPLETED: 'success', PENDING: 'warning', FAILED: 'error' }

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {humanize(status)}
    </Tag>
  )
}
