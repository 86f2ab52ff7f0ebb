/**
 * antd's Alert as the first screens use it, always with its icon: a title, a description
 * below it, an action at its end. antd's role="alert" and outlined look.
 */
import type { CSSProperties, ReactNode } from 'react'
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

const ICONS = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
}

interface AlertProps {
  type: keyof typeof ICONS
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
  className?: string
  style?: CSSProperties
  'data-testid'?: string
}

export function Alert({ type, title, description, action, className, style, 'data-testid': testId }: AlertProps) {
  return (
    <div
      className={classes('ant-alert', THEME_CLASS, `ant-alert-${type}`, 'ant-alert-outlined', description !== undefined && 'ant-alert-with-description', className)}
      style={style}
      data-testid={testId}
      data-show="true"
      role="alert"
    >
      <span className="ant-alert-icon">{ICONS[type]}</span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
        {description !== undefined && <div className="ant-alert-description">{description}</div>}
      </div>
      {action && <div className="ant-alert-actions">{action}</div>}
    </div>
  )
}
