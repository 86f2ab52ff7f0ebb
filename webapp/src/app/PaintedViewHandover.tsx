/**
 * The root route's element: renders the matched page, and on its first commit removes the
 * first view index.html's first script painted (src/firstPaint.ts, paintedFirstView.ts), so
 * that whichever page comes first (antd's /home, a redirect to sign-in or onboarding) takes
 * its place in the same frame.
 */
import { Outlet } from 'react-router'
import { useReplacePaintedFirstView } from './paintedFirstView'

export function PaintedViewHandover() {
  useReplacePaintedFirstView()
  return <Outlet />
}
