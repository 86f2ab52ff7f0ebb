/**
 * The balance panel beside the transfer form (docs/contract.md §8.1):
 * one eye toggle hides or shows the total and every account; hidden values
 * are asterisks (balances are hidden by default, part 2 section 9).
 */
import { useState } from 'react'
import { Card } from '../../../components/plain'
// Not in plain/index.ts: /home does not draw it, and its first screen does not carry it.
import { Tag } from '../../../components/plain/Tag'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { BalanceToggle } from '../../../components/BalanceToggle'
import { LoadState } from '../../../components/LoadState'
import type { Load } from '../../../lib/loadStatus'
import { HIDDEN_AMOUNT, formatNaira } from '../../../lib/format'
import { DISABLED_BADGE } from '../../../store/accounts/texts'
import { CARD_STYLES } from '../../../components/accounts/accountStyles'
import { BALANCES_FAILED } from '../texts'
import type { Balances } from '../../../api/transferTypes'

interface BalancePanelProps {
  balances: Balances | null
  load: Load
  onRetry: () => void
}

export function BalancePanel({ balances, load, onRetry }: BalancePanelProps) {
  const [visible, setVisible] = useState(false)
  const show = (amount: number) => (visible ? formatNaira(amount) : HIDDEN_AMOUNT)

  return (
    <Card className="kobo-balance-panel">
      <div className="kobo-balance-panel__head">
        <span>Total Balance</span>
        <BalanceToggle visible={visible} onToggle={() => setVisible((v) => !v)} subject="all accounts" />
      </div>
      <LoadState load={load} onRetry={onRetry} failedTitle={BALANCES_FAILED} hasData={Boolean(balances)} skeletonRows={3}>
        {() =>
          balances && (
            <>
              <div className="kobo-balance-panel__total" data-testid="transfer-total-balance">
                {show(balances.totalAvailableBalance)}
              </div>
              <div className="kobo-balance-panel__flows">
                <span>
                  <ArrowDownOutlined /> In this week <strong>{show(balances.thisWeekInwards)}</strong>
                </span>
                <span>
                  <ArrowUpOutlined /> Out this week <strong>{show(balances.thisWeekOutwards)}</strong>
                </span>
              </div>
              <ul className="kobo-balance-panel__accounts" aria-label="Account balances">
                {balances.accounts.map((account, index) => (
                  <li key={account.accountNumber} data-account-number={account.accountNumber}>
                    <span className="kobo-balance-panel__dot" style={{ background: CARD_STYLES[index % CARD_STYLES.length].color }} />
                    <span className="kobo-balance-panel__account">
                      <span className="kobo-balance-panel__type">
                        {account.accountTypeName}
                        {account.status === 'DISABLED' && <Tag className="kobo-balance-panel__tag">{DISABLED_BADGE}</Tag>}
                      </span>
                      <span className="kobo-balance-panel__number">{account.accountNumber}</span>
                    </span>
                    <span className="kobo-balance-panel__amount" data-testid="transfer-account-balance">
                      {show(account.availableBalance)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </LoadState>
    </Card>
  )
}
