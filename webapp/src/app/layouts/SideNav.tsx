/**
 * The shell's navigation (docs/contract.md §2.2): the permitted pages as links, the current
 * one marked. Plain links rather than antd's Menu: a menu's keyboard model is for commands,
 * not pages, and antd's Menu (with its overflow measuring and tooltips) was 17 KB of every
 * signed-in first screen (issue 57). Collapsed, it shows the icons only, each named.
 */
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import {
  AppstoreOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  GoldOutlined,
  HistoryOutlined,
  HomeOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { useAppSelector } from '../../store/hooks'
import { selectPermittedLinks } from '../../store/appSlice'
import { NAV_LINKS, type NavLinkKey } from '../../store/navLinks'
import './SideNav.css'

const ICONS: Record<NavLinkKey, ReactNode> = {
  home: <HomeOutlined />,
  transfer: <SendOutlined />,
  'transaction-history': <HistoryOutlined />,
  'bill-payment': <AppstoreOutlined />,
  savings: <GoldOutlined />,
  'kyc-setting': <SafetyCertificateOutlined />,
  'scheduled-payment': <CalendarOutlined />,
  beneficiary: <TeamOutlined />,
  settings: <SettingOutlined />,
  'customer-service': <CustomerServiceOutlined />,
}

/** The link of the current page: its first path segment (/customer-service/12 → customer-service). */
function activeKey(pathname: string): string {
  return pathname.split('/')[1] ?? ''
}

export function SideNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const permitted = useAppSelector(selectPermittedLinks)
  const current = activeKey(useLocation().pathname)
  return (
    <nav aria-label="Main navigation" className={collapsed ? 'kobo-nav kobo-nav--collapsed' : 'kobo-nav'}>
      <ul>
        {NAV_LINKS.filter((link) => permitted.includes(link.key)).map((link) => (
          <li key={link.key}>
            <Link
              to={link.path}
              className="kobo-nav__link"
              aria-current={link.key === current ? 'page' : undefined}
              // Collapsed, the label is hidden: the link keeps its name and a hover hint.
              title={collapsed ? link.label : undefined}
              onClick={onNavigate}
            >
              <span className="kobo-nav__icon" aria-hidden="true">
                {ICONS[link.key]}
              </span>
              <span className="kobo-nav__label">{link.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
