/**
 * A step-up's warning (docs/contract.md §16.1), the code dialog's first step when the payment's
 * first answer carried one: its reasons, its message, and a box the customer ticks before the
 * code step opens. The confirm then carries `acknowledgeWarning: true` (store/codeStep/saga.ts).
 */
import { useState } from 'react'
import { Alert, Button, Checkbox, Typography } from 'antd'
import type { RiskWarning } from '../../api/transferTypes'
import { UNDERSTOOD } from './texts'

export function RiskWarningStep({ warning, onContinue, onCancel }: { warning: RiskWarning; onContinue: () => void; onCancel: () => void }) {
  const [understood, setUnderstood] = useState(false)
  return (
    <div className="kobo-risk-warning" data-testid="risk-warning">
      <Alert
        type="warning"
        showIcon
        title={
          <ul className="kobo-risk-warning__reasons">
            {warning.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        }
      />
      <Typography.Paragraph strong className="kobo-risk-warning__message">
        {warning.message}
      </Typography.Paragraph>
      <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} className="kobo-risk-warning__check">
        {UNDERSTOOD}
      </Checkbox>
      <div className="kobo-dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" disabled={!understood} onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  )
}
