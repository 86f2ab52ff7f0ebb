/** A level's review state (docs/contract.md §13.1): pending, approved or declined. */
import { Tag } from 'antd'
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons'
import { STATUS_LABELS } from '../texts'
import type { KycReview } from '../types'

const LOOK = {
  pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  approved: { color: 'success', icon: <CheckCircleOutlined /> },
  declined: { color: 'error', icon: <CloseCircleOutlined /> },
} as const

export function KycStatusBadge({ status, testId = 'kyc-status' }: { status: KycReview | null; testId?: string }) {
  if (!status) return null
  const { color, icon } = LOOK[status]
  return (
    <Tag color={color} icon={icon} className="kobo-kyc-status" data-testid={testId} data-status={status}>
      {STATUS_LABELS[status]}
    </Tag>
  )
}
