/**
 * "A new version of Kobo is ready · Reload" (issue 43): a bar at the foot of the screen while
 * a new version waits (registerServiceWorker.ts). It never reloads by itself; Reload is the
 * customer's choice, "Later" puts it away until the next version or the next load.
 */
import { Button } from 'antd'
import { CloseOutlined, SyncOutlined } from '@ant-design/icons'
import { AntdProviders } from '../../components/AntdProviders'
import { dismissUpdate } from './pwaState'
import './UpdateOffer.css'

export const UPDATE_READY = 'A new version of Kobo is ready'
export const UPDATE_RELOAD = 'Reload'

export default function UpdateOffer({ onReload }: { onReload: () => void }) {
  return (
    <AntdProviders>
      <div className="kobo-update-offer" role="status" aria-live="polite">
        <SyncOutlined className="kobo-update-offer__icon" aria-hidden />
        <span className="kobo-update-offer__text">{UPDATE_READY}</span>
        <Button type="primary" size="small" className="kobo-update-offer__reload" onClick={onReload}>
          {UPDATE_RELOAD}
        </Button>
        <Button
          type="text"
          size="small"
          className="kobo-update-offer__later"
          icon={<CloseOutlined />}
          aria-label="Later"
          onClick={dismissUpdate}
        />
      </div>
    </AntdProviders>
  )
}
