/**
 * An antd component that loads after a first screen, inside the antd theme, locale and
 * motion setting (AntdProviders): the first screens have no antd providers around them
 * (issue 57), so each widget they load later (LazyDropdown's Dropdown, LazyTooltip's
 * Tooltip) brings its own. Load this module with the widget, not with the first screen.
 */
import type { ComponentType } from 'react'
import { AntdProviders } from './AntdProviders'

export function withAntdProviders<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  // A ref given to the result is a prop (React 19) and reaches the component with the others.
  return function WithAntdProviders(props: P) {
    return (
      <AntdProviders>
        <Component {...props} />
      </AntdProviders>
    )
  }
}
