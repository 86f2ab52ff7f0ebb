/** Total Balance (hidden until its eye is clicked) with the Transfer shortcut. */
import { useState } from 'react'
import { Button, Card } from '../../../components/plain'
import { LazyTooltip } from '../../../components/LazyTooltip'
import { SendOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'
import { BalanceToggle } from '../../../components/BalanceToggle'
import { HIDDEN_AMOUNT, formatNaira } from '../../../lib/format'

interface TotalBalanceCardProps {
  total: number
  accountCount: number
  /** The savings pockets' balances (docs/contract.md §17), shown with the total. */
  savings?: number
  /** Why Transfer is off (offline, issue 43); null when it is on. */
  moneyOffReason?: string | null
}

export function TotalBalanceCard({ total, accountCount, savings = 0, moneyOffReason = null }: TotalBalanceCardProps) {
  const [visible, setVisible] = useState(false)
  const navigate = useNavigate()
  return (
    <Card className="kobo-total-card">
      <div className="kobo-total-card__label">
        Total Balance
        <BalanceToggle visible={visible} onToggle={() => setVisible((v) => !v)} subject="Total Balance" />
      </div>
      <div className="kobo-total-card__amount" data-testid="total-balance">
        {visible ? formatNaira(total) : HIDDEN_AMOUNT}
      </div>
      <div style={{ color: 'rgba(255,255,255,0.6)', fontSize: 13 }}>
        Across {accountCount} {accountCount === 1 ? 'account' : 'accounts'}
        {savings > 0 && ` · Savings ${visible ? formatNaira(savings) : HIDDEN_AMOUNT}`}
      </div>
      <LazyTooltip title={moneyOffReason}>
        <Button
          type="primary"
          size="large"
          icon={<SendOutlined />}
          onClick={() => navigate('/transfer')}
          disabled={!!moneyOffReason}
          style={
            moneyOffReason
              ? { alignSelf: 'flex-start', background: 'rgba(255,255,255,0.16)', color: 'rgba(255,255,255,0.7)', borderColor: 'transparent' }
              : { background: '#F2C94C', color: '#2B2100', alignSelf: 'flex-start' }
          }
        >
          Transfer
        </Button>
      </LazyTooltip>
    </Card>
  )
}
