/**
 * What the browser and the service worker offer the app (issue 43), outside Redux because
 * it arrives before the store exists and is no customer's data:
 *
 * - the install offer: Chromium's `beforeinstallprompt`, kept so the user menu can show
 *   "Add Kobo to your home screen" and prompt when asked (browsers without it, iOS Safari,
 *   never show the entry: there the Share menu's "Add to Home Screen" is the way);
 * - the update offer: a new service worker is installed and waiting (registerServiceWorker.ts),
 *   with the function that lets it take over and reloads.
 */
import { useSyncExternalStore } from 'react'

/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

interface PwaState {
  install: BeforeInstallPromptEvent | null
  /** Set while a new version waits: applies it (the page then reloads). */
  applyUpdate: (() => void) | null
}

let state: PwaState = { install: null, applyUpdate: null }
const listeners = new Set<() => void>()

function setState(next: Partial<PwaState>): void {
  state = { ...state, ...next }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}

export function offerUpdate(applyUpdate: () => void): void {
  setState({ applyUpdate })
}

/** The customer chose "Later": the offer comes back with the next version, or the next load. */
export function dismissUpdate(): void {
  setState({ applyUpdate: null })
}

/** Shows the browser's install dialog; the offer is used up either way (the browser's rule). */
export async function promptInstall(): Promise<void> {
  const event = state.install
  if (!event) return
  setState({ install: null })
  await event.prompt()
}

/**
 * Starts listening for the install offer. Called first thing at start-up: Chromium fires
 * `beforeinstallprompt` once, early, and it is lost if nobody listens.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the user menu offers it instead.
    event.preventDefault()
    setState({ install: event as BeforeInstallPromptEvent })
  })
  window.addEventListener('appinstalled', () => setState({ install: null }))
}

/** Tests start from nothing offered. */
export function resetPwaState(): void {
  setState({ install: null, applyUpdate: null })
}
