/**
 * The header's user icon menu: Logout, and "Add Kobo to your home screen" where the browser
 * offers installation (issue 43, pwa/pwaState.ts).
 */
import type { MenuProps } from 'antd'
import { Avatar } from '../../components/plain'
import { DownOutlined, LogoutOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { logoutRequested, selectUserInfo } from '../../store/appSlice'
import { useIsMobile } from '../../lib/useIsMobile'
import { promptInstall, usePwaState } from '../pwa/pwaState'
import { Text } from '../../components/PlainText'
import { LazyDropdown } from '../../components/LazyDropdown'

export const INSTALL_LABEL = 'Add Kobo to your home screen'

export function UserMenu() {
  const dispatch = useAppDispatch()
  const userInfo = useAppSelector(selectUserInfo)
  const isMobile = useIsMobile()
  const fullName = [userInfo?.firstName, userInfo?.lastName].filter(Boolean).join(' ')
  const showName = !isMobile && !!fullName
  const { install } = usePwaState()

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      disabled: true,
      label: (
        <div style={{ minWidth: 180 }}>
          <Text strong>{fullName || 'Signed in'}</Text>
          {userInfo?.email && (
            <div>
              <Text type="secondary" style={{ fontSize: 12 }}>
                {userInfo.email}
              </Text>
            </div>
          )}
        </div>
      ),
    },
    { type: 'divider' },
    ...(install ? [{ key: 'install', icon: <MobileOutlined />, label: INSTALL_LABEL }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true },
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') dispatch(logoutRequested({ reason: 'user' }))
    if (key === 'install') void promptInstall()
  }

  return (
    <LazyDropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      // Render inside the sticky header so the menu stays attached to it while the page scrolls.
      getPopupContainer={(trigger) => trigger.closest<HTMLElement>('.kobo-shell__header-right') ?? document.body}
    >
      {/* The accessible name begins with the name shown on the button (WCAG 2.5.3, label in name). */}
      <button type="button" className="kobo-user-menu" aria-label={showName ? `${fullName}, user menu` : 'User menu'}>
        <Avatar size={36} icon={<UserOutlined />} style={{ background: '#E3F1EB', color: '#0B6E4F' }} />
        {showName && <span className="kobo-user-menu__name">{fullName}</span>}
        <DownOutlined style={{ fontSize: 10, color: '#8c9a94' }} />
      </button>
    </LazyDropdown>
  )
}
