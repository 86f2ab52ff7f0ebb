/**
 * Kobo's own full-page message (404, access denied, unexpected error) in place
 * of antd's stock Result illustrations: the brand's green and gold, a short
 * plain sentence and one way out.
 */
import type { ReactNode } from 'react'
import { Typography } from 'antd'
import { StandalonePage } from './StandalonePage'
import './StatusPage.css'

interface StatusPageProps {
  /** A short code drawn large above the title ("404"); decorative. */
  code: string
  title: string
  sentence: ReactNode
  /** The way out: a button home, or back. */
  action: ReactNode
  /** Technical detail in small print (the error's message). */
  detail?: ReactNode
}

export function StatusPage({ code, title, sentence, action, detail }: StatusPageProps) {
  return (
    <StandalonePage>
      <div className="kobo-status">
        <div className="kobo-status__code" aria-hidden="true">
          {code}
          <span className="kobo-status__dot" />
        </div>
        <Typography.Title level={1} className="kobo-status__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="kobo-status__sentence">{sentence}</Typography.Paragraph>
        <div className="kobo-status__action">{action}</div>
        {detail && <div className="kobo-status__detail">{detail}</div>}
      </div>
    </StandalonePage>
  )
}
