/**
 * The first view of a signed-in page opened by address or reloaded (issue 23): plain HTML
 * and CSS from the start-up bundle, shown by the router while the page's code loads
 * (BootFallback). It draws the shell's frame (sidebar, header, user menu) and the page's
 * largest element: on /home the heading and the account cards, from the early summary
 * answer (firstScreenData.ts); on /transfer the heading. antd's page then replaces it at
 * the same size and place (components/firstView/firstView.css), so nothing moves.
 *
 * On Lighthouse's phone (slow 4G, 4x slower CPU) the largest paint no longer waits for
 * antd's code and styles: the page's code starts loading once the first view has painted
 * (pageCodeGate.ts). The first view is `inert`: its buttons are pictures.
 */
import { useEffect, useState } from 'react'
import BankOutlined from '@ant-design/icons/BankOutlined'
import DownOutlined from '@ant-design/icons/DownOutlined'
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined'
import MenuOutlined from '@ant-design/icons/MenuOutlined'
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined'
import UserOutlined from '@ant-design/icons/UserOutlined'
import { Logo } from '../components/Logo'
import { PlainIconButton } from '../components/firstView/FirstViewParts'
import { DESKTOP_QUERY, useIsMobile, useMediaQuery } from '../lib/useIsMobile'
import { useAppSelector } from '../store/hooks'
import { selectUserInfo } from '../store/appSlice'
import { releasePageCode } from './pageCodeGate'
import { afterPaint } from '../lib/useAfterFirstPaint'
import type { View } from './firstViewPlan'

export function FirstView({ view }: { view: View }) {
  const user = useAppSelector(selectUserInfo)
  const isMobile = useIsMobile()
  const collapsed = !useMediaQuery(DESKTOP_QUERY)
  // Read once: the early answer the view draws from (none: the view is complete as it is).
  const [answer] = useState(() => view.data?.() ?? null)
  const [data, setData] = useState<{ settled: boolean; value: unknown }>({ settled: !answer, value: null })

  useEffect(() => {
    let live = true
    void answer?.then((result) => live && setData({ settled: true, value: result.data ?? null }))
    return () => {
      live = false
    }
  }, [answer])

  // What it can draw is drawn: the page's code may come (a failed answer is the page's to show).
  useEffect(() => {
    if (data.settled) afterPaint(releasePageCode)
  }, [data.settled])

  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ')
  return (
    <div className="kobo-plain-shell" inert aria-busy="true">
      {!isMobile && (
        <div className={`kobo-plain-shell__sider${collapsed ? ' kobo-plain-shell__sider--collapsed' : ''}`}>
          <div className="kobo-plain-shell__brand">
            <Logo light markOnly={collapsed} />
          </div>
        </div>
      )}
      <div className="kobo-plain-shell__main">
        <div className="kobo-plain-shell__header">
          <div className="kobo-plain-shell__header-side">
            {isMobile ? (
              <>
                <PlainIconButton look="text" icon={<MenuOutlined />} />
                <Logo size={28} />
              </>
            ) : (
              <PlainIconButton look="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
            )}
          </div>
          <div className="kobo-plain-shell__header-side">
            {!isMobile && (
              <span className="kobo-plain-shell__secure">
                <BankOutlined /> Personal Banking
              </span>
            )}
            <span className="kobo-plain-shell__user">
              <span className="kobo-plain-shell__avatar">
                <UserOutlined />
              </span>
              {!isMobile && fullName && <span className="kobo-plain-shell__name">{fullName}</span>}
              <DownOutlined className="kobo-plain-shell__down" />
            </span>
          </div>
        </div>
        <div className="kobo-plain-shell__content">{view.render(user, data.value)}</div>
      </div>
    </div>
  )
}
