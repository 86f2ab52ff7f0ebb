/**
 * Route /settings (docs/contract.md §14.1, §14.6): five tabs. The open tab is
 * kept in the address (?tab=…) so it survives a reload and can be linked to.
 */
import { Card, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { PageTabs } from '../../components/PageTabs'
import { ManageAccountTab } from './components/ManageAccountTab'
import { ChangePasswordTab } from './components/ChangePasswordTab'
import { TransactionLimitTab } from './components/TransactionLimitTab'
import { TwoFactorTab } from './components/TwoFactorTab'
import { YourDataTab } from './yourData/YourDataTab'
import { SETTINGS_TABS } from './texts'
import './settings.css'

const SETTINGS_TAB_KEYS = ['manage-account', 'change-password', 'transaction-limit', '2fa', 'your-data'] as const
type TabKey = (typeof SETTINGS_TAB_KEYS)[number]

export function SettingsPage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab') as TabKey | null
  const active: TabKey = requested && SETTINGS_TAB_KEYS.includes(requested) ? requested : 'manage-account'

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>Settings</Typography.Title>
        <Typography.Text type="secondary">Manage your accounts, password, limits, sign-in security and your data</Typography.Text>
      </div>
      <Card variant="borderless" className="kobo-settings">
        <PageTabs<TabKey>
          label="Settings sections"
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'manage-account', label: SETTINGS_TABS.manage, children: <ManageAccountTab /> },
            { key: 'change-password', label: SETTINGS_TABS.password, children: <ChangePasswordTab /> },
            { key: 'transaction-limit', label: SETTINGS_TABS.limits, children: <TransactionLimitTab /> },
            { key: '2fa', label: SETTINGS_TABS.twoFactor, children: <TwoFactorTab /> },
            { key: 'your-data', label: SETTINGS_TABS.yourData, children: <YourDataTab /> },
          ]}
        />
      </Card>
    </>
  )
}
