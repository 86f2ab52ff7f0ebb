/**
 * antd's look without antd's JavaScript, for the first screens' own modules (issue 57): the
 * shell and /home draw antd's class names and markup, and antd's prebuilt stylesheet styles
 * them as it styles antd's components. Only the props those modules use; eslint.config.js
 * keeps antd's versions out of them. components/PlainText.tsx does the same for Typography.
 */
import './plainTheme.css'

export { Alert } from './Alert'
export { Avatar } from './Avatar'
export { Button } from './Button'
export { Card } from './Card'
export { Col, Row } from './Grid'
export { Empty } from './Empty'
export { Layout } from './Layout'
export { Skeleton } from './Skeleton'
