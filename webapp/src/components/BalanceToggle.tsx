/** The eye button that shows or hides a balance. */
import { Button } from './plain'
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import type { CSSProperties, MouseEvent } from 'react'

interface BalanceToggleProps {
  visible: boolean
  onToggle: () => void
  /** What the balance belongs to, for screen readers ("Total Balance", an account number). */
  subject: string
  style?: CSSProperties
}

export function BalanceToggle({ visible, onToggle, subject, style }: BalanceToggleProps) {
  return (
    <Button
      type="text"
      shape="circle"
      size="small"
      style={{ color: 'inherit', ...style }}
      icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      aria-label={`${visible ? 'Hide' : 'Show'} balance of ${subject}`}
      aria-pressed={visible}
      onClick={(event: MouseEvent) => {
        // Inside a clickable card the eye must not also trigger the card.
        event.stopPropagation()
        onToggle()
      }}
    />
  )
}
