/**
 * What the router shows while the first page's code loads (react-router's
 * HydrateFallback): without one it renders nothing and warns in the console
 * on every signed-in page opened by address. The Kobo mark, centred, with a
 * status for screen readers; no antd, so it stays in the start-up bundle. A
 * signed-in /home or /transfer opened by address has its first view painted
 * outside #root by index.html's first script (src/firstPaint.ts, issue 43): then
 * nothing is drawn over it.
 */
import { Logo } from '../components/Logo'
import { hasPaintedFirstView } from './paintedFirstView'

export function BootFallback() {
  if (hasPaintedFirstView()) return null
  return (
    <div
      role="status"
      aria-label="Loading Kobo"
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#F4F7F5' }}
    >
      <Logo size={40} markOnly />
    </div>
  )
}
