/**
 * The label over a dashboard the tab kept from before the network dropped (issue 43):
 * "Offline · balances as of 09:14" (West Africa Time), and why the money actions are off.
 */
import { Alert, Button } from '../../../components/plain'
import { ReloadOutlined } from '@ant-design/icons'
import { offlineBalancesTitle } from '../texts'
import { OFFLINE_MONEY_REASON } from '../../../lib/network'
import { RETRY_LABEL } from '../../../components/LoadState'

export function OfflineBalancesBanner({ savedAt, onRetry }: { savedAt: number; onRetry: () => void }) {
  return (
    <Alert
      className="kobo-offline-banner"
      data-testid="offline-balances"
      type="warning"
      title={offlineBalancesTitle(savedAt)}
      description={`${OFFLINE_MONEY_REASON} This page refreshes by itself when the network returns.`}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {RETRY_LABEL}
        </Button>
      }
      style={{ marginBottom: 20 }}
    />
  )
}
