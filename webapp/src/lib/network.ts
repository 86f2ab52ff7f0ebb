/**
 * Whether the browser has a network (issue 43). `navigator.onLine` false is reliable (no
 * network at all); true only means "maybe", so a failed request is the other signal: the
 * dashboard keeps its last answer for either (store/accounts/dashboardSnapshot.ts).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'

/** Why a money action is switched off while offline, shown beside (or over) the action. */
export const OFFLINE_MONEY_REASON = "You're offline. Money can only move once you're back online."

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/** True while the browser reports a network; re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true)
}

/** Calls `onReconnect` each time the network comes back (the page then refreshes by itself). */
export function useOnReconnect(onReconnect: () => void): void {
  const latest = useRef(onReconnect)
  useEffect(() => {
    latest.current = onReconnect
  })
  useEffect(() => {
    const handler = () => latest.current()
    window.addEventListener('online', handler)
    return () => window.removeEventListener('online', handler)
  }, [])
}
