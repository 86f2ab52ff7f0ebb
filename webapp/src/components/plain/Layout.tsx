/**
 * antd's Layout as the signed-in shell uses it, in antd's classes and elements: the page
 * (`div`), the side bar (`aside`, its width in antd's inline style), the header (`header`)
 * and the content (`main`). antd's Layout finds its side bar by looking at its children and
 * listening to them; here the shell says whether there is one (`hasSider`). No breakpoint,
 * trigger or collapse state of its own: the shell keeps that.
 */
import type { HTMLAttributes, ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

type DivProps = HTMLAttributes<HTMLElement> & { children?: ReactNode }

export function Layout({ hasSider = false, className, ...rest }: DivProps & { hasSider?: boolean }) {
  return <div {...rest} className={classes('ant-layout', hasSider && 'ant-layout-has-sider', className, THEME_CLASS)} />
}

interface SiderProps extends DivProps {
  width: number
  collapsedWidth: number
  collapsed: boolean
}

/** antd's Sider with `theme="dark"` (its default) and `trigger={null}`. */
function Sider({ width, collapsedWidth, collapsed, className, style, children, ...rest }: SiderProps) {
  const size = `${collapsed ? collapsedWidth : width}px`
  return (
    <aside
      {...rest}
      className={classes('ant-layout-sider', 'ant-layout-sider-dark', collapsed && 'ant-layout-sider-collapsed', className, THEME_CLASS)}
      style={{ ...style, flex: `0 0 ${size}`, maxWidth: size, minWidth: size, width: size }}
    >
      <div className="ant-layout-sider-children">{children}</div>
    </aside>
  )
}

function Header({ className, ...rest }: DivProps) {
  return <header {...rest} className={classes('ant-layout-header', className, THEME_CLASS)} />
}

function Content({ className, ...rest }: DivProps) {
  return <main {...rest} className={classes('ant-layout-content', className, THEME_CLASS)} />
}

Layout.Sider = Sider
Layout.Header = Header
Layout.Content = Content
