/**
 * The logged-in shell (docs/contract.md §2.2): a collapsible side
 * navigation built from the permitted-links list, and a header with the user
 * menu. On phones the navigation lives in a drawer opened by a hamburger.
 */
import { useState, type ReactNode } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { Button, Drawer, Layout, Menu, type MenuProps } from 'antd'
import {
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  HistoryOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { useAppSelector } from '../../store/hooks'
import { selectPermittedLinks } from '../../store/appSlice'
import { NAV_LINKS, type NavLinkKey } from '../../store/navLinks'
import { DESKTOP_QUERY, useIsMobile, useMediaQuery } from '../../lib/useIsMobile'
import { Logo } from '../../components/Logo'
import { UserMenu } from './UserMenu'
import './layouts.css'

const ICONS: Record<NavLinkKey, ReactNode> = {
  home: <HomeOutlined />,
  transfer: <SendOutlined />,
  'transaction-history': <HistoryOutlined />,
  'bill-payment': <AppstoreOutlined />,
  // The header's icon, already in the shell's bundle (the first screens' byte budgets).
  savings: <BankOutlined />,
  'kyc-setting': <SafetyCertificateOutlined />,
  'scheduled-payment': <CalendarOutlined />,
  beneficiary: <TeamOutlined />,
  settings: <SettingOutlined />,
  'customer-service': <CustomerServiceOutlined />,
}

/** The menu key of the current page: its first path segment (/customer-service/12 → customer-service). */
function activeKey(pathname: string): string {
  return pathname.split('/')[1] ?? ''
}

function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const permitted = useAppSelector(selectPermittedLinks)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const items: MenuProps['items'] = NAV_LINKS.filter((link) => permitted.includes(link.key)).map((link) => ({
    key: link.key,
    icon: ICONS[link.key],
    label: link.label,
  }))
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[activeKey(pathname)]}
      onClick={({ key }) => {
        const link = NAV_LINKS.find((l) => l.key === key)
        if (link) navigate(link.path)
        onNavigate?.()
      }}
      aria-label="Main navigation"
    />
  )
}

export function ShellLayout() {
  const isMobile = useIsMobile()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  // Tablets start with the narrow (icons only) sidebar; the user can widen it.
  const [collapsed, setCollapsed] = useState(!isDesktop)
  const [drawerOpen, setDrawerOpen] = useState(false)

  return (
    <Layout className="kobo-shell">
      {!isMobile && (
        <Layout.Sider
          width={248}
          collapsedWidth={80}
          collapsible
          collapsed={collapsed}
          trigger={null}
          className="kobo-shell__sider"
        >
          <div className="kobo-shell__sider-inner">
            <div className="kobo-shell__brand">
              <Logo light markOnly={collapsed} />
            </div>
            <NavMenu />
          </div>
        </Layout.Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={272}
          closable={false}
          styles={{ body: { padding: 0, background: '#042A1F' } }}
          title={null}
        >
          <div className="kobo-shell__brand">
            <Logo light />
          </div>
          <NavMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="kobo-shell__header">
          <div className="kobo-shell__header-left">
            {isMobile ? (
              <>
                <Button type="text" icon={<MenuOutlined />} aria-label="Open navigation" onClick={() => setDrawerOpen(true)} />
                <Logo size={28} />
              </>
            ) : (
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
                onClick={() => setCollapsed((c) => !c)}
              />
            )}
          </div>
          <div className="kobo-shell__header-right">
            {!isMobile && (
              <span className="kobo-shell__secure">
                <BankOutlined /> Personal Banking
              </span>
            )}
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className="kobo-shell__content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
