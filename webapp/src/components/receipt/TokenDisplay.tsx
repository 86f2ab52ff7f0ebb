/**
 * A prepaid electricity token in large digits, grouped in fours as on vending
 * slips, with a copy button that copies the bare digits (meters take them
 * without dashes).
 */
import { Typography } from 'antd'
import { groupToken } from './receiptModel'
import './receipt.css'

export function TokenDisplay({ token, units }: { token: string; units?: string | null }) {
  return (
    <div className="kobo-receipt-token" data-testid="receipt-token">
      <div className="kobo-receipt-token__label">Electricity token</div>
      <Typography.Text
        className="kobo-receipt-token__digits"
        data-testid="receipt-token-digits"
        copyable={{ text: token, tooltips: ['Copy token', 'Copied'] }}
      >
        {groupToken(token)}
      </Typography.Text>
      {units && <div className="kobo-receipt-token__units">Units: {units}</div>}
    </div>
  )
}
