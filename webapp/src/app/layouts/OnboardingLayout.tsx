/**
 * The onboarding layout (docs/contract.md §6.1): a sidebar with the logo
 * and a single Onboarding item, the user menu with Logout, and the page title
 * and subtitle. The onboarding panels themselves render in the outlet.
 */
import { Outlet } from 'react-router'
import { Layout, Menu, Typography } from 'antd'
import { SolutionOutlined } from '@ant-design/icons'
import { Logo } from '../../components/Logo'
import { useIsMobile } from '../../lib/useIsMobile'
import { UserMenu } from './UserMenu'
import './layouts.css'

const ITEMS = [{ key: 'onboarding', icon: <SolutionOutlined />, label: 'Onboarding' }]

export function OnboardingLayout() {
  const isMobile = useIsMobile()
  return (
    <Layout className="kobo-shell">
      {!isMobile && (
        <Layout.Sider width={248} className="kobo-shell__sider">
          <div className="kobo-shell__sider-inner">
            <div className="kobo-shell__brand">
              <Logo light />
            </div>
            <Menu theme="dark" mode="inline" items={ITEMS} selectedKeys={['onboarding']} aria-label="Onboarding navigation" />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="kobo-shell__header">
          <div className="kobo-shell__header-left">{isMobile && <Logo size={28} />}</div>
          <div className="kobo-shell__header-right">
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className="kobo-shell__content">
          <div className="kobo-page-head">
            <Typography.Title level={1}>Onboarding</Typography.Title>
            <Typography.Text type="secondary">Complete setting up your account</Typography.Text>
          </div>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
