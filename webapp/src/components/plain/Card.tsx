/** antd's borderless Card as the first screens use it: a title, an `extra` beside it, a body. */
import type { ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

interface CardProps {
  title?: ReactNode
  extra?: ReactNode
  className?: string
  children?: ReactNode
}

export function Card({ title, extra, className, children }: CardProps) {
  return (
    <div className={classes('ant-card', THEME_CLASS, className)}>
      {(title || extra) && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title && <div className="ant-card-head-title">{title}</div>}
            {extra && <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      <div className="ant-card-body">{children}</div>
    </div>
  )
}
