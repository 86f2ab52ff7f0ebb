/**
 * Start-up's side of the first view that index.html's first script painted (src/firstPaint.ts,
 * issues 23 and 43) for a signed-in /home or /transfer opened by address: the page's code
 * waits until the view has painted what it will (pageCodeGate.ts), the router's fallback
 * shows nothing over it (BootFallback), and the commit that mounts the real page (or the error
 * page) removes it (`useReplacePaintedFirstView`), so antd's page takes its place in one frame.
 * The view is outside #root, which React empties on its first commit.
 */
import { useLayoutEffect } from 'react'
import { holdPageCode, releasePageCode } from './pageCodeGate'
// The view's styles, in the render-blocking stylesheet: the first script paints with them.
import '../components/firstView/firstView.css'
import '../features/dashboard/components/dashboard.css'

/** Start-up (main.tsx): signed in, the page's code waits for the view; signed out, it goes. */
export function adoptPaintedFirstView(signedIn: boolean): void {
  const view = window.koboFirstView
  if (!view) return
  if (!signedIn) {
    removePaintedFirstView()
    return
  }
  holdPageCode()
  void view.painted.then(releasePageCode)
}

/** Whether a painted first view is on the page (the router's fallback then draws nothing). */
export function hasPaintedFirstView(): boolean {
  return !!window.koboFirstView?.element.isConnected
}

/** Removes the painted first view, with the customer's data it shows. */
export function removePaintedFirstView(): void {
  window.koboFirstView?.element.remove()
  delete window.koboFirstView
}

/** The real page (or the error page) has mounted: the painted view goes in the same commit. */
export function useReplacePaintedFirstView(): void {
  useLayoutEffect(removePaintedFirstView, [])
}
