/**
 * The saved session lives in localStorage under `userInfo`
 * (docs/contract.md §2.4) so that a reload keeps the user signed in. `appMode` is another
 * key the app owns; logout removes both, and the tab's kept dashboard answer
 * (store/accounts/dashboardSnapshot.ts), so nothing of the customer's stays in storage.
 */
import type { UserInfo } from '../store/appSlice'
import { clearDashboardSnapshot } from '../store/accounts/dashboardSnapshot'

export const USER_INFO_KEY = 'userInfo'
export const APP_MODE_KEY = 'appMode'

export function loadUserInfo(): UserInfo | null {
  try {
    const raw = window.localStorage.getItem(USER_INFO_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return parsed && typeof parsed === 'object' ? (parsed as UserInfo) : null
  } catch {
    // A corrupt entry is treated as "signed out" rather than crashing start-up.
    return null
  }
}

export function saveUserInfo(userInfo: UserInfo | null): void {
  try {
    if (userInfo) window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo))
    else window.localStorage.removeItem(USER_INFO_KEY)
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works.
  }
}

export function clearStoredSession(): void {
  try {
    window.localStorage.removeItem(USER_INFO_KEY)
    window.localStorage.removeItem(APP_MODE_KEY)
  } catch {
    // See saveUserInfo.
  }
  clearDashboardSnapshot()
}
