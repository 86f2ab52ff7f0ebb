/**
 * The last dashboard answer, kept for this tab only (issue 43): when the network drops, /home
 * shows it under "Offline · balances as of 09:14" instead of an error.
 *
 * sessionStorage, not localStorage: it dies with the tab, so a closed tab leaves no balances on
 * the phone; and sign-out removes it (app/sessionStorage.ts `clearStoredSession`), so the next
 * person to pick the phone up sees nothing of the customer's. The BFF answers `no-store` and the
 * service worker never caches an API answer, so this is the only copy there is.
 */
import type { ClientSummary } from '../../api/types'

export const DASHBOARD_SNAPSHOT_KEY = 'kobo.dashboard.lastAnswer'

export interface DashboardSnapshot {
  summary: ClientSummary
  /** When the answer arrived (epoch ms): what "balances as of" shows. */
  savedAt: number
}

export function saveDashboardSnapshot(summary: ClientSummary, now: number = Date.now()): void {
  try {
    window.sessionStorage.setItem(DASHBOARD_SNAPSHOT_KEY, JSON.stringify({ summary, savedAt: now }))
  } catch {
    // Storage full or disabled: the dashboard still works, it just has nothing to show offline.
  }
}

export function loadDashboardSnapshot(): DashboardSnapshot | null {
  try {
    const raw = window.sessionStorage.getItem(DASHBOARD_SNAPSHOT_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<DashboardSnapshot>
    if (!parsed.summary || !Array.isArray(parsed.summary.accounts) || typeof parsed.savedAt !== 'number') return null
    return { summary: parsed.summary, savedAt: parsed.savedAt }
  } catch {
    // A corrupt entry is as good as none.
    return null
  }
}

export function clearDashboardSnapshot(): void {
  try {
    window.sessionStorage.removeItem(DASHBOARD_SNAPSHOT_KEY)
  } catch {
    // See saveDashboardSnapshot.
  }
}
