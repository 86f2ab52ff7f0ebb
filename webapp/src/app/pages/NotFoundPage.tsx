/** Any unknown address (route `*`). */
import { Button } from 'antd'
import { useNavigate } from 'react-router'
import { StatusPage } from './StatusPage'

export const NOT_FOUND_TITLE = 'Page not found'

export function NotFoundPage() {
  const navigate = useNavigate()
  return (
    <StatusPage
      code="404"
      title={NOT_FOUND_TITLE}
      sentence="We couldn't find this page. It may have moved, or the address may be mistyped."
      action={
        // "/" is the sign-in page, which sends a signed-in customer on to /home.
        <Button type="primary" size="large" onClick={() => navigate('/')}>
          Go to home
        </Button>
      }
    />
  )
}
