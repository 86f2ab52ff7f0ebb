/**
 * Headings and texts for the first screens' own modules (the shell, /home), in antd's
 * Typography classes and so in its look (the prebuilt stylesheet styles them), without
 * antd's Typography component: that one carries its in-place editor, copy button and
 * ellipsis (an input, a text area, a tooltip and antd's form state with its validator),
 * about 30 KB of gzipped JavaScript the first screen never uses (issue 57). Everywhere
 * else antd's Typography is used; eslint.config.js keeps it out of the first screens.
 */
import type { CSSProperties, ReactNode } from 'react'
import './PlainText.css'

interface TextProps {
  children: ReactNode
  type?: 'secondary' | 'success' | 'warning' | 'danger'
  strong?: boolean
  className?: string
  style?: CSSProperties
}

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ')
}

export function Text({ children, type, strong, className, style }: TextProps) {
  return (
    <span className={classes('ant-typography', type && `ant-typography-${type}`, className)} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  )
}

export function Title({ children, level = 1, className }: { children: ReactNode; level?: 1 | 2 | 3 | 4 | 5; className?: string }) {
  const Heading = `h${level}` as const
  return <Heading className={classes('ant-typography', 'kobo-title', className)}>{children}</Heading>
}
