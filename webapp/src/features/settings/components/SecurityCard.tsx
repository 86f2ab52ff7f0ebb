/** One card of Settings › Security (SecuritySection.tsx): an icon and a title over its content. */
import type { ReactNode } from 'react'
import { Card } from 'antd'

export function SecurityCard({ icon, title, testId, className, children }: { icon: ReactNode; title: string; testId: string; className: string; children: ReactNode }) {
  return (
    <Card
      variant="borderless"
      className={`kobo-security-card ${className}`}
      data-testid={testId}
      title={
        <>
          {icon} {title}
        </>
      }
    >
      {children}
    </Card>
  )
}
