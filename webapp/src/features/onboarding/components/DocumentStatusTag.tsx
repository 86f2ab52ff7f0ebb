/** A document's review state as a tag. */
import { Tag } from 'antd'
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons'

export function DocumentStatusTag({ status }: { status: string | null }) {
  if (status === 'APPROVED')
    return (
      <Tag color="success" icon={<CheckCircleOutlined />}>
        Approved
      </Tag>
    )
  if (status === 'DECLINED')
    return (
      <Tag color="error" icon={<CloseCircleOutlined />}>
        Declined
      </Tag>
    )
  if (status === 'SUBMITTED')
    return (
      <Tag color="gold" icon={<ClockCircleOutlined />}>
        Under review
      </Tag>
    )
  return null
}
