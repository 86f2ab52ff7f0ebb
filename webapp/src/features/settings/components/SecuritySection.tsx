/**
 * Settings › Security, under the accounts: what stops money leaving (the freeze, §14.4a; the
 * instant-transfer switch, §16.3) and, when a selfie is owed, Confirm it's you (§16.6).
 * `/settings#security` (the transfer form's refusals link here) scrolls to it. The switch and
 * the selfie's card load with the section, off the page's first paint.
 */
import { lazy, Suspense, useEffect, useRef } from 'react'
import { Skeleton, Typography } from 'antd'
import { useLocation } from 'react-router'
import { FreezeCard } from './FreezeCard'

const ConfirmItsYouCard = lazy(async () => ({ default: (await import('../liveness/ConfirmItsYouCard')).ConfirmItsYouCard }))
const InstantTransfersCard = lazy(async () => ({ default: (await import('../instantTransfers/InstantTransfersCard')).InstantTransfersCard }))

export function SecuritySection() {
  const { hash } = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (hash === '#security') heading.current?.scrollIntoView?.({ block: 'start' })
  }, [hash])

  return (
    <section className="kobo-security" aria-labelledby="security">
      <Typography.Title level={2} id="security" ref={heading} className="kobo-security__title">
        Security
      </Typography.Title>
      <div className="kobo-security__grid">
        <Suspense>
          <ConfirmItsYouCard />
        </Suspense>
        <FreezeCard />
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <InstantTransfersCard />
        </Suspense>
      </div>
    </section>
  )
}
