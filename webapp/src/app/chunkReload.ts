/**
 * After a deploy, an open tab may ask for a page's code by a name the server no longer has
 * (a lazy chunk that vanished; the service worker's old copy gone too once a new worker took
 * over). The cure is one full load, which fetches the new index.html and the new names.
 *
 * At most one such reload a minute per tab: a chunk that is really broken (or a network that
 * is really gone) then ends on the error page, never in a reload loop. (Clearing the mark on
 * the next successful load, as before, let the shell's own chunks clear it and loop for ever.)
 */
import { navigation } from '../lib/navigation'

export const CHUNK_RELOAD_KEY = 'chunkReload'
export const RELOAD_AT_MOST_EVERY_MS = 60_000

let scheduled = false

/** A reload for a vanished chunk is due (the page showing must reload, ReloadingPage.tsx). */
export function reloadScheduled(): boolean {
  return scheduled
}

/**
 * Whether this failure may reload the page; if so it is marked as scheduled. False when the
 * tab reloaded for the same reason less than a minute ago: show the failure instead.
 */
export function scheduleReloadForVanishedChunk(now: number = Date.now()): boolean {
  if (scheduled) return true
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0)
    if (now - last < RELOAD_AT_MOST_EVERY_MS) return false
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    // Without storage a reload could repeat for ever: show the failure instead.
    return false
  }
  scheduled = true
  return true
}

/**
 * Vite reports a dynamic import (or its preloaded CSS) that failed with `vite:preloadError`.
 * A page's own lazy panels and dialogs load that way: the page reloads where it is. A route's
 * code is left to `loadChunk`, which reloads once the router is on the new address (while a
 * navigation is pending, a reload now would land back on the page the customer was leaving).
 */
export function reloadOnVanishedChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    if (navigation.pendingPath() !== null) return
    if (scheduleReloadForVanishedChunk()) window.location.reload()
  })
}

/** Test hook: a fresh page life. */
export function resetChunkReload(): void {
  scheduled = false
}
