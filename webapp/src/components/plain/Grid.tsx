/**
 * antd's Row and Col as the first screens use them: a gutter of [horizontal, vertical] pixels
 * and spans out of 24, fixed or from a breakpoint up (`xs`, `lg`: antd's grid CSS).
 */
import { createContext, useContext, type ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

const HalfGutter = createContext(0)

export function Row({ gutter = [0, 0], children }: { gutter?: [number, number]; children: ReactNode }) {
  const [horizontal, vertical] = gutter
  const style = { marginInline: horizontal ? -horizontal / 2 : undefined, rowGap: vertical || undefined }
  return (
    <div className={classes('ant-row', THEME_CLASS)} style={style}>
      <HalfGutter value={horizontal / 2}>{children}</HalfGutter>
    </div>
  )
}

interface ColProps {
  span?: number
  xs?: number
  lg?: number
  children: ReactNode
}

export function Col({ span, xs, lg, children }: ColProps) {
  const half = useContext(HalfGutter)
  const spans = classes(
    span !== undefined && `ant-col-${span}`,
    xs !== undefined && `ant-col-xs-${xs}`,
    lg !== undefined && `ant-col-lg-${lg}`,
  )
  return (
    <div className={classes('ant-col', spans, THEME_CLASS)} style={half ? { paddingInline: half } : undefined}>
      {children}
    </div>
  )
}
