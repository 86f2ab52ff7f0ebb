/**
 * "Freeze my account now" (docs/contract.md §14.4a): one tap, no code. Offered beside "I did
 * not make this payment" and in Settings.
 */
import { useState } from 'react'
import { Alert, Button } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { errorMessage } from '../../api/client'
import { freezeEndpoint, type FreezeState } from './api'
import { FREEZE_FAILED, FREEZE_NOW, FREEZE_OFFER } from './texts'
import { useSessionCall } from './useSessionCall'
import './disputes.css'

interface Props {
  /** Shown above the button; Settings has its own wording around it. */
  offer?: string | null
  onFrozen?: (state: FreezeState) => void
}

export function FreezeOffer({ offer = FREEZE_OFFER, onFrozen }: Props) {
  const run = useSessionCall()
  const [busy, setBusy] = useState(false)
  const [frozen, setFrozen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function freeze() {
    setBusy(true)
    setError(null)
    const result = await run(freezeEndpoint())
    setBusy(false)
    if (result.error) {
      setError(errorMessage(result.error, FREEZE_FAILED))
      return
    }
    setFrozen(result.data.message)
    onFrozen?.(result.data)
  }

  if (frozen) return <Alert type="success" showIcon title={frozen} data-testid="freeze-done" />
  return (
    <div className="kobo-freeze-offer" data-testid="freeze-offer">
      {offer && <Alert type="warning" showIcon title={offer} />}
      {error && <Alert type="error" showIcon title={error} />}
      <Button danger type="primary" icon={<LockOutlined aria-hidden />} loading={busy} onClick={freeze} block>
        {FREEZE_NOW}
      </Button>
    </div>
  )
}
