/** A centred card on a plain background, for pages outside every layout. */
import type { ReactNode } from 'react'
import { Card } from 'antd'
import { Logo } from '../../components/Logo'
import '../layouts/layouts.css'

export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <div className="kobo-standalone">
      <Logo size={36} />
      <Card className="kobo-standalone__card">{children}</Card>
    </div>
  )
}
