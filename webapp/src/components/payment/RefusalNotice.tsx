/**
 * Why a payment's first call was refused (a transfer, a batch, a bill), under its form, not a
 * toast over the page's heading: the risk check's block (docs/contract.md §16.1), a limit,
 * the funds. A 409 is something the customer changes in Settings, under Security (instant
 * transfers off, §16.3; a frozen account, §14.4a; a selfie owed, §16.6), so it comes with
 * the way there.
 */
import { Alert, Button } from 'antd'
import { useNavigate } from 'react-router'

export function RefusalNotice({ error, inSettings }: { error: string | null; inSettings?: boolean }) {
  const navigate = useNavigate()
  if (!error) return null
  return (
    <Alert
      type="error"
      showIcon
      title={error}
      className="kobo-payment-refusal"
      action={inSettings && <Button size="small" onClick={() => navigate('/settings#security')}>Open Settings</Button>}
    />
  )
}
