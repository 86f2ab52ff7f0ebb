/**
 * antd's Button as the first screens use it, in antd's classes: its type (primary, default,
 * text, link), a circle shape, a small or large size, an icon before the label. Without the
 * click wave, which is decoration only.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { classes } from './classes'
import { THEME_CLASS } from '../../lib/theme'

type ButtonType = 'primary' | 'default' | 'text' | 'link'

/** antd's colour and variant of each type (antd's `ButtonTypeMap`). */
const COLOR_VARIANT: Record<ButtonType, [string, string]> = {
  primary: ['primary', 'solid'],
  default: ['default', 'outlined'],
  text: ['default', 'text'],
  link: ['link', 'link'],
}

const SIZE_CLASS = { small: 'ant-btn-sm', middle: null, large: 'ant-btn-lg' }

/** A button's own attributes pass through: a trigger around it (LazyTooltip, LazyDropdown) adds its handlers and ref. */
interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: ButtonType
  shape?: 'default' | 'circle'
  size?: keyof typeof SIZE_CLASS
  icon?: ReactNode
  ref?: Ref<HTMLButtonElement>
}

export function Button({ type = 'default', shape = 'default', size = 'middle', icon, className, children, ...rest }: ButtonProps) {
  const [color, variant] = COLOR_VARIANT[type]
  const iconOnly = children === undefined && !!icon
  return (
    <button
      type="button"
      {...rest}
      className={classes(
        'ant-btn',
        THEME_CLASS,
        className,
        shape === 'circle' && 'ant-btn-circle',
        `ant-btn-${type}`,
        `ant-btn-color-${color}`,
        `ant-btn-variant-${variant}`,
        SIZE_CLASS[size],
        iconOnly && 'ant-btn-icon-only',
      )}
    >
      {icon && <span className="ant-btn-icon">{icon}</span>}
      {children !== undefined && <span>{children}</span>}
    </button>
  )
}
