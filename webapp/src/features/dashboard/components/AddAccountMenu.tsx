/**
 * The "+" control of the dashboard (docs/contract.md §7.1: "opens account-creation
 * dialogs (two variants)"): Create Account, or Fund Account. Both open a
 * panel that slides in from the right (AddAccountPanels.tsx).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from '../../../components/plain'
import { LazyTooltip } from '../../../components/LazyTooltip'
import { PlusOutlined, WalletOutlined } from '@ant-design/icons'
import { isActive } from '../../../store/accounts/accountsSlice'
import { useCreateAccount } from '../../../components/accounts/useCreateAccount'
import { LazyDropdown } from '../../../components/LazyDropdown'
import { whenIdle } from '../../../lib/yieldToMain'
import type { Account } from '../../../api/types'
import { CREATE_ACCOUNT_TITLE, FUND_ACCOUNT_TITLE } from '../../../store/accounts/texts'

// The panels' code is not part of the dashboard's first screen (issue 57).
const loadPanels = () => import('./AddAccountPanels')
const AddAccountPanels = lazy(loadPanels)

/**
 * `accounts`: the dashboard's; `moneyOffReason`: why opening or funding an account is off
 * (offline, issue 43); null when on.
 */
export function AddAccountMenu({ accounts, moneyOffReason = null }: { accounts: Account[]; moneyOffReason?: string | null }) {
  const create = useCreateAccount()
  // Disabled accounts are never offered to fund.
  const active = accounts.filter(isActive)
  const [fundOpen, setFundOpen] = useState(false)
  useEffect(() => whenIdle(() => void loadPanels()), [])
  // Mounted at the first opening and kept, so that the panels can slide out again.
  const [panelsMounted, setPanelsMounted] = useState(false)
  if ((create.open || fundOpen) && !panelsMounted) setPanelsMounted(true)

  return (
    <>
      <LazyDropdown
        disabled={!!moneyOffReason}
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'create', icon: <PlusOutlined />, label: CREATE_ACCOUNT_TITLE },
            { key: 'fund', icon: <WalletOutlined />, label: FUND_ACCOUNT_TITLE },
          ],
          onClick: ({ key }) => (key === 'create' ? create.show() : setFundOpen(true)),
        }}
      >
        <LazyTooltip title={moneyOffReason ?? 'Add account'}>
          <Button shape="circle" type="primary" icon={<PlusOutlined />} aria-label="Add account" disabled={!!moneyOffReason} />
        </LazyTooltip>
      </LazyDropdown>

      {panelsMounted && (
        <Suspense fallback={null}>
          <AddAccountPanels create={create} fundOpen={fundOpen} onFundClose={() => setFundOpen(false)} active={active} />
        </Suspense>
      )}
    </>
  )
}
