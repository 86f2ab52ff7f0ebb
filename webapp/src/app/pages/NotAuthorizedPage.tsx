import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'
import { StandalonePage } from './StandalonePage'

export const NOT_AUTHORIZED = "Sorry! You don't have access to view this page"

export function NotAuthorizedPage() {
  const navigate = useNavigate()
  return (
    <StandalonePage>
      <Result
        status="403"
        title="Access denied"
        subTitle={NOT_AUTHORIZED}
        extra={
          <Button type="primary" onClick={() => navigate(-1)}>
            Go back
          </Button>
        }
      />
    </StandalonePage>
  )
}
