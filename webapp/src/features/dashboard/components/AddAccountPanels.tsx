/**
 * The two panels of /home's "+" (AddAccountMenu.tsx): Create Account and Fund Account, each
 * sliding in from the right. Loaded when the browser is idle after the first screen, or
 * when a panel is first asked for (issue 57); each panel's form loads when it first opens.
 * /home has no antd providers around it, so the panels bring their own.
 */
import { lazy, Suspense } from 'react'
import { Drawer, Skeleton } from 'antd'
import { useIsMobile } from '../../../lib/useIsMobile'
import type { Account } from '../../../api/types'
import type { CreateAccountPanel } from '../../../components/accounts/useCreateAccount'
import { CREATE_ACCOUNT_TITLE, FUND_ACCOUNT_TITLE } from '../../../store/accounts/texts'
import { withAntdRestStyles } from '../../../lib/antdStyles'
import { AntdProviders } from '../../../components/AntdProviders'

// The drawers render nothing while closed (destroyOnHidden).
const CreateAccountForm = lazy(async () => ({ default: (await withAntdRestStyles(() => import('../../../components/accounts/CreateAccountForm'))).CreateAccountForm }))
const FundAccountPanel = lazy(async () => ({ default: (await withAntdRestStyles(() => import('../../../components/accounts/FundAccountPanel'))).FundAccountPanel }))
const panelFallback = <Skeleton active paragraph={{ rows: 4 }} />

interface Props {
  create: CreateAccountPanel
  fundOpen: boolean
  onFundClose: () => void
  /** The accounts that may be funded (the active ones). */
  active: Account[]
}

export default function AddAccountPanels({ create, fundOpen, onFundClose, active }: Props) {
  const size = useIsMobile() ? '100%' : 440
  return (
    <AntdProviders>
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

      <Drawer title={FUND_ACCOUNT_TITLE} aria-label={FUND_ACCOUNT_TITLE} placement="right" size={size} open={fundOpen} onClose={onFundClose} destroyOnHidden>
        <Suspense fallback={panelFallback}>
          <FundAccountPanel accounts={active} />
        </Suspense>
      </Drawer>
    </AntdProviders>
  )
}
