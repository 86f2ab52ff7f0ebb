/**
 * "You are offline" (issue 43): what a signed-in page shows instead of an error when the
 * network is gone and it has nothing kept to show, e.g. Kobo opened from the home screen
 * with no signal. The app's shell is there (the service worker had it); only the data is not.
 */
import { Button, Result } from 'antd'
import { DisconnectOutlined, ReloadOutlined } from '@ant-design/icons'
import { RETRY_LABEL } from './LoadState'

export const OFFLINE_TITLE = 'You are offline'
export const OFFLINE_DETAIL =
  "Kobo can't reach the bank right now. Check your mobile data or Wi-Fi; this page refreshes by itself as soon as you're back online."

export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      className="kobo-offline-notice"
      icon={<DisconnectOutlined style={{ color: '#0B6E4F' }} aria-hidden />}
      title={OFFLINE_TITLE}
      subTitle={OFFLINE_DETAIL}
      extra={
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {RETRY_LABEL}
        </Button>
      }
    />
  )
}
