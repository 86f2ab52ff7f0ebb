/**
 * antd's Row and Col as the first screens use them: a gutter of horizontal pixels, or
 * [horizontal, vertical], and spans out of 24, fixed or from a breakpoint up (`xs`, `md`,
 * `lg`, `xl`: antd's grid CSS), each a span or a span with an order.
 */
import { createContext, useContext, type ReactNode } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

const HalfGutter = createContext(0)

export function Row({ gutter = [0, 0], children }: { gutter?: number | [number, number]; children: ReactNode }) {
  const [horizontal, vertical] = typeof gutter === 'number' ? [gutter, 0] : gutter
  const style = { marginInline: horizontal ? -horizontal / 2 : undefined, rowGap: vertical || undefined }
  return (
    <div className={classes('ant-row', THEME_CLASS)} style={style}>
      <HalfGutter value={horizontal / 2}>{children}</HalfGutter>
    </div>
  )
}

/** A breakpoint's span, or its span and order (antd's `lg={{ span: 16, order: 2 }}`). */
type Span = number | { span: number; order: number }

interface ColProps {
  span?: number
  xs?: Span
  md?: Span
  lg?: Span
  xl?: Span
  children: ReactNode
}

export function Col({ span, children, ...sizes }: ColProps) {
  const half = useContext(HalfGutter)
  // antd's classes for each breakpoint: `ant-col-lg-16`, and `ant-col-lg-order-2` with an order.
  const spans = Object.entries(sizes).map(([breakpoint, size]: [string, Span]) =>
    typeof size === 'number' ? `ant-col-${breakpoint}-${size}` : `ant-col-${breakpoint}-${size.span} ant-col-${breakpoint}-order-${size.order}`,
  )
  return (
    <div className={classes('ant-col', span !== undefined && `ant-col-${span}`, ...spans, THEME_CLASS)} style={half ? { paddingInline: half } : undefined}>
      {children}
    </div>
  )
}
