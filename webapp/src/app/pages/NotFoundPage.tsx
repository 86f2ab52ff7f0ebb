import { Button, Result } from 'antd'
import { Link } from 'react-router'
import { StandalonePage } from './StandalonePage'

export function NotFoundPage() {
  return (
    <StandalonePage>
      <Result
        status="404"
        title="Page not found"
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <Link to="/">
            <Button type="primary">Go to home</Button>
          </Link>
        }
      />
    </StandalonePage>
  )
}
