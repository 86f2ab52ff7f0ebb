/**
 * antd's Empty with its simple image (the empty tray), a description and what to do next
 * below. The image's colours are the ones antd derives from the Kobo theme's fill tokens
 * (plain.test.tsx holds the two images to the same markup).
 */
import type { ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

interface EmptyProps {
  description: ReactNode
  className?: string
  'data-testid'?: string
  children?: ReactNode
}

export function Empty({ description, className, 'data-testid': testId, children }: EmptyProps) {
  return (
    <div className={classes('ant-empty', 'ant-empty-normal', THEME_CLASS, className)} data-testid={testId}>
      <div className="ant-empty-image">
        <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg">
          <title>No data</title>
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f5f6f6" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#dbdedd">
              <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
              <path
                d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
                fill="#fafbfa"
              />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description">{description}</div>
      {children && <div className="ant-empty-footer">{children}</div>}
    </div>
  )
}
