/** Administrator sign-in: only the target of an admin's logout for now (the contract: content not shown). */
import { Button, Result } from 'antd'
import { Link } from 'react-router'
import { StandalonePage } from './StandalonePage'
import { COMING_SOON } from './ComingSoonPage'

export function AdminAuthPage() {
  return (
    <StandalonePage>
      <Result
        status="info"
        title="Administrator sign-in"
        subTitle={COMING_SOON}
        extra={
          <Link to="/">
            <Button>Customer login</Button>
          </Link>
        }
      />
    </StandalonePage>
  )
}
