/**
 * The phone's navigation drawer (ShellLayout.tsx). Loaded when the browser is idle after
 * the first screen, or at the first tap on the hamburger, whichever comes first: antd's
 * Drawer is not part of any first screen (issue 57). The shell has no antd providers around
 * it, so the drawer brings its own.
 */
import { Drawer } from 'antd'
import { AntdProviders } from '../../components/AntdProviders'
import { Logo } from '../../components/Logo'
import { SideNav } from './SideNav'

export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AntdProviders>
      <Drawer placement="left" open={open} onClose={onClose} size={272} closable={false} styles={{ body: { padding: 0, background: '#042A1F' } }} title={null}>
      <div className="kobo-shell__brand">
        <Logo light />
      </div>
      <SideNav onNavigate={onClose} />
      </Drawer>
    </AntdProviders>
  )
}
