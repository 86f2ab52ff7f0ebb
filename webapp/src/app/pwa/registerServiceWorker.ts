/**
 * Registers the service worker that vite-plugin-pwa builds (build-plugins/pwa.ts) and turns
 * a new version into an offer, never a surprise (issue 43).
 *
 * The worker is built with `registerType: 'prompt'`: a new one installs beside the old and
 * waits; this tab offers "A new version of Kobo is ready · Reload" (UpdateOffer.tsx). Only the
 * customer's click lets it take over and reloads this tab. Another tab whose worker is taken
 * over that way is left alone: it keeps its offer and reloads when its own customer says so,
 * so a half-typed transfer or an open code dialog is never thrown away.
 *
 * workbox-window directly rather than `virtual:pwa-register`: the latter reloads every tab
 * that showed the offer as soon as any one of them accepts it.
 */
import { Workbox } from 'workbox-window'
import { offerUpdate } from './pwaState'

/** How often an open tab asks whether a new version was deployed (besides on every return to it). */
export const UPDATE_CHECK_MS = 30 * 60_000

/** If the waiting worker never takes over (it vanished), reload anyway after this long. */
const TAKE_OVER_TIMEOUT_MS = 4000

export function registerServiceWorker(scriptUrl = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox(scriptUrl, { scope: '/' })

  const offer = () =>
    offerUpdate(() => {
      // Reload once the new worker controls this tab, so every file comes from the new version.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
      setTimeout(() => window.location.reload(), TAKE_OVER_TIMEOUT_MS)
      wb.messageSkipWaiting()
    })
  // A new worker installed and waiting, found now or on a later check.
  wb.addEventListener('waiting', offer)

  void wb
    .register()
    .then((registration) => {
    if (!registration) return
    const check = () => void registration.update().catch(() => {})
    setInterval(check, UPDATE_CHECK_MS)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check()
    })
  })
    // Registration refused (private modes, a test browser that blocks workers): Kobo works without it.
    .catch(() => {})
}
