/**
 * Mounts a lazily loaded widget (a dialog, a rarely opened panel) the first
 * time `when` is true, and keeps it mounted afterwards so a dialog's closing
 * animation still plays. Until then its code is not even downloaded: the
 * first screen loads only what it shows (issue 23, Lighthouse on a phone).
 */
import { Suspense, useState, type ReactNode } from 'react'

export function MountWhenNeeded({ when, fallback = null, children }: { when: boolean; fallback?: ReactNode; children: ReactNode }) {
  const [needed, setNeeded] = useState(when)
  if (when && !needed) setNeeded(true)
  if (!needed) return null
  return <Suspense fallback={fallback}>{children}</Suspense>
}
