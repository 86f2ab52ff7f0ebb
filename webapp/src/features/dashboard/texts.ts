import { formatWatClock } from '../../lib/format'
/** The dashboard's texts that both the page and its first view (src/firstPaint.ts: copies) show. */
export const welcome = (firstName: string | undefined) => `Welcome ${firstName ?? ''}`
export const DASHBOARD_SUBHEADING = 'User Dashboard'
export const MY_ACCOUNTS = 'My Accounts'
export const NO_ACCOUNTS = 'You have no accounts yet.'

/** Over a dashboard kept from before the network dropped (issue 43), in West Africa Time. */
export const offlineBalancesTitle = (savedAt: number) => `Offline · balances as of ${formatWatClock(savedAt)}`
