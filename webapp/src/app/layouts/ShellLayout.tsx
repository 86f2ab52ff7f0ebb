/**
 * The logged-in shell (docs/contract.md §2.2): a collapsible side
 * navigation built from the permitted-links list, and a header with the user
 * menu. On phones the navigation lives in a drawer opened by a hamburger.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { Button, Layout } from '../../components/plain'
import { BankOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { DESKTOP_QUERY, useIsMobile, useMediaQuery } from '../../lib/useIsMobile'
import { whenIdle } from '../../lib/yieldToMain'
import { useAntdStyles } from '../../components/useAntdStyles'
import { Logo } from '../../components/Logo'
import { SideNav } from './SideNav'
import { UserMenu } from './UserMenu'
import './layouts.css'

const loadNavDrawer = () => import('./NavDrawer')
const NavDrawer = lazy(loadNavDrawer)

export function ShellLayout() {
  const isMobile = useIsMobile()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  // Tablets start with the narrow (icons only) sidebar; the user can widen it.
  const [collapsed, setCollapsed] = useState(!isDesktop)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The drawer's code comes once the first screen is up, or with the first tap.
  const [drawerWanted, setDrawerWanted] = useState(false)
  useEffect(() => (isMobile ? whenIdle(() => void loadNavDrawer()) : undefined), [isMobile])
  // antd's styles: the shell and its pages draw antd's markup without antd (components/plain/).
  useAntdStyles()

  return (
    <Layout className="kobo-shell" hasSider={!isMobile}>
      {!isMobile && (
        <Layout.Sider width={248} collapsedWidth={80} collapsed={collapsed} className="kobo-shell__sider">
          <div className="kobo-shell__sider-inner">
            <div className="kobo-shell__brand">
              <Logo light markOnly={collapsed} />
            </div>
            <SideNav collapsed={collapsed} />
          </div>
        </Layout.Sider>
      )}
      {isMobile && drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Layout>
        <Layout.Header className="kobo-shell__header">
          <div className="kobo-shell__header-left">
            {isMobile ? (
              <>
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  aria-label="Open navigation"
                  onClick={() => {
                    setDrawerWanted(true)
                    setDrawerOpen(true)
                  }}
                />
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
