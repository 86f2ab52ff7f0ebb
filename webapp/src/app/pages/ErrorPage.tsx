/** The router's errorElement: any uncaught route error lands here (spec part 1, section 2). */
import { Button, Result, Typography } from 'antd'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { StandalonePage } from './StandalonePage'

export const ERROR_TITLE = 'Unexpected Application Error!'

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Something went wrong.'
}

export function ErrorPage() {
  const error = useRouteError()
  return (
    <StandalonePage>
      <Result
        status="error"
        title={ERROR_TITLE}
        subTitle={<Typography.Text code>{describe(error)}</Typography.Text>}
        extra={
          // A plain link: a full page load resets whatever state broke.
          <Button type="primary" href="/">
            Go to home
          </Button>
        }
      />
    </StandalonePage>
  )
}
