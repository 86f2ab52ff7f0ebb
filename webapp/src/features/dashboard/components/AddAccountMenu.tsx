/**
 * The "+" control of the dashboard (docs/contract.md §7.1: "opens account-creation
 * dialogs (two variants)"): Create Account, or Fund Account. Both open a
 * panel that slides in from the right.
 */
import { lazy, Suspense, useState } from 'react'
import { Button, Drawer, Dropdown, Skeleton, Tooltip } from 'antd'
import { PlusOutlined, WalletOutlined } from '@ant-design/icons'
import { useIsMobile } from '../../../lib/useIsMobile'
import { isActive } from '../../../store/accounts/accountsSlice'
import { useCreateAccount } from '../../../components/accounts/useCreateAccount'
import type { Account } from '../../../api/types'
import { CREATE_ACCOUNT_TITLE, FUND_ACCOUNT_TITLE } from '../../../store/accounts/texts'
import { withAntdRestStyles } from '../../../lib/antdStyles'

// The panels' code (antd's select among it) loads when a panel first opens (issue 23): the
// drawers render nothing while closed (destroyOnHidden), so the dashboard's first screen
// does not wait for it.
const CreateAccountForm = lazy(async () => ({ default: (await withAntdRestStyles(() => import('../../../components/accounts/CreateAccountForm'))).CreateAccountForm }))
const FundAccountPanel = lazy(async () => ({ default: (await withAntdRestStyles(() => import('../../../components/accounts/FundAccountPanel'))).FundAccountPanel }))
const panelFallback = <Skeleton active paragraph={{ rows: 4 }} />

/**
 * `accounts`: the dashboard's; `moneyOffReason`: why opening or funding an account is off
 * (offline, issue 43); null when on.
 */
export function AddAccountMenu({ accounts, moneyOffReason = null }: { accounts: Account[]; moneyOffReason?: string | null }) {
  const isMobile = useIsMobile()
  const create = useCreateAccount()
  // Disabled accounts are never offered to fund.
  const active = accounts.filter(isActive)
  const [fundOpen, setFundOpen] = useState(false)
  const size = isMobile ? '100%' : 440

  return (
    <>
      <Dropdown
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
        <Tooltip title={moneyOffReason ?? 'Add account'}>
          <Button shape="circle" type="primary" icon={<PlusOutlined />} aria-label="Add account" disabled={!!moneyOffReason} />
        </Tooltip>
      </Dropdown>

      <Drawer
        title={CREATE_ACCOUNT_TITLE}
        aria-label={CREATE_ACCOUNT_TITLE}
        placement="right"
        size={size}
        open={create.open}
        closable={!create.creating}
        onClose={create.close}
        destroyOnHidden
      >
        <Suspense fallback={panelFallback}>
          <CreateAccountForm panel={create} />
        </Suspense>
      </Drawer>

      <Drawer
        title={FUND_ACCOUNT_TITLE}
        aria-label={FUND_ACCOUNT_TITLE}
        placement="right"
        size={size}
        open={fundOpen}
        onClose={() => setFundOpen(false)}
        destroyOnHidden
      >
        <Suspense fallback={panelFallback}>
          <FundAccountPanel accounts={active} />
        </Suspense>
      </Drawer>
    </>
  )
}
