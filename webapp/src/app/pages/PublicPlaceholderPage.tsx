/** Placeholder for public pages (signup, password recovery, …) inside the auth layout. */
import { Button, Result } from 'antd'
import { ClockCircleOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { COMING_SOON } from './ComingSoonPage'

export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#0B6E4F' }} />}
      title={title}
      subTitle={COMING_SOON}
      extra={
        <Link to="/">
          <Button type="primary">Back to Login</Button>
        </Link>
      }
    />
  )
}
