/** Route /not-authorized (docs/contract.md §2.3): the contract's sentence and Go back. */
import { Button } from 'antd'
import { useNavigate } from 'react-router'
import { StatusPage } from './StatusPage'

export const NOT_AUTHORIZED = "Sorry! You don't have access to view this page"

export function NotAuthorizedPage() {
  const navigate = useNavigate()
  return (
    <StatusPage
      code="403"
      title="Access denied"
      sentence={NOT_AUTHORIZED}
      action={
        <Button type="primary" size="large" onClick={() => navigate(-1)}>
          Go back
        </Button>
      }
    />
  )
}
