/**
 * After a deploy, an open tab may ask for a page's code by a name the server no longer has
 * (a lazy chunk that vanished; the service worker's old copy gone too once a new worker took
 * over). The cure is one full load, which fetches the new index.html and the new names: to the
 * page the customer was going to, not the one they were on. Only once per tab until some code
 * loads again, so a chunk that is really broken ends on the error page, never in a reload loop.
 */
import { navigation } from '../lib/navigation'

export const CHUNK_RELOAD_KEY = 'chunkReload'

/** Set once a reload has been asked for: later failures of the same page life wait for it. */
let reloading = false

/**
 * Reloads for a vanished chunk, unless this tab already did: true when the page is (or is
 * already) going away, false when the failure must be shown instead.
 */
export function reloadForVanishedChunk(): boolean {
  if (reloading) return true
  try {
    if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1')
  } catch {
    // Without storage a reload could repeat for ever: show the failure instead.
    return false
  }
  reloading = true
  const target = navigation.pendingPath()
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
  if (target && target !== here) window.location.assign(target)
  else window.location.reload()
  return true
}

/** Some code loaded: a later vanished chunk may reload again. */
export function chunkLoadSucceeded(): void {
  if (reloading) return
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY)
  } catch {
    // Nothing to clear.
  }
}

/**
 * Vite reports a dynamic import (or its preloaded CSS) that failed with `vite:preloadError`;
 * the lazy panels and dialogs inside pages load that way, outside `loadChunk`.
 */
export function reloadOnVanishedChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadForVanishedChunk()
  })
}
