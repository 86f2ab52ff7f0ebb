/** PENDING orange, COMPLETED green with a tick, FAILED red (docs/contract.md §10.4). */
import type { ReactNode } from 'react'
import { Tag } from 'antd'
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled } from '@ant-design/icons'
import { humanize } from '../../../lib/format'
import { STATUS_LABELS } from '../../../store/schedules/texts'

const STYLES: Record<string, { color: string; icon: ReactNode }> = {
  PENDING: { color: 'orange', icon: <ClockCircleOutlined /> },
  COMPLETED: { color: 'green', icon: <CheckCircleFilled aria-label="Completed" role="img" /> },
  FAILED: { color: 'red', icon: <CloseCircleFilled /> },
}

export function ScheduleStatusTag({ status }: { status: string }) {
  const style = STYLES[status]
  return (
    <Tag
      color={style?.color ?? 'default'}
      icon={style?.icon}
      className={`kobo-schedule-status kobo-schedule-status--${status.toLowerCase()}`}
      data-status={status}
    >
      {STATUS_LABELS[status] ?? humanize(status)}
    </Tag>
  )
}
