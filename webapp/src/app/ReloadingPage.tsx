/**
 * What a route shows while the page reloads for its vanished code (chunkReload.ts): the Kobo
 * mark, as at start-up. It reloads once mounted, when the address bar already shows the page
 * the customer was going to, so the reload lands there.
 */
import { useEffect } from 'react'
import { Logo } from '../components/Logo'

export function ReloadingPage() {
  useEffect(() => {
    window.location.reload()
  }, [])
  return (
    <div role="status" aria-label="Updating Kobo" style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Logo size={40} markOnly />
    </div>
  )
}
