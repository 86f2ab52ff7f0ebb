/**
 * "You are offline" (issue 43): what a signed-in page shows instead of an error when the
 * network is gone and it has nothing kept to show, e.g. Kobo opened from the home screen
 * with no signal. The app's shell is there (the service worker had it); only the data is not.
 * Plain markup rather than antd's Result, whose illustrations would weigh
 * on /home's first-screen budget (scripts/bundle-budget.mjs) for a state few ever see.
 */
import { Button } from './plain'
import { DisconnectOutlined, ReloadOutlined } from '@ant-design/icons'
import { RETRY_LABEL } from './LoadState'
import './OfflineNotice.css'

export const OFFLINE_TITLE = 'You are offline'
export const OFFLINE_DETAIL =
  "Kobo can't reach the bank right now. Check your mobile data or Wi-Fi; this page refreshes by itself as soon as you're back online."

export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="kobo-offline-notice" aria-labelledby="kobo-offline-title">
      <DisconnectOutlined className="kobo-offline-notice__icon" aria-hidden />
      <h2 id="kobo-offline-title" className="kobo-offline-notice__title">
        {OFFLINE_TITLE}
      </h2>
      <p className="kobo-offline-notice__detail">{OFFLINE_DETAIL}</p>
      <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
        {RETRY_LABEL}
      </Button>
    </section>
  )
}
