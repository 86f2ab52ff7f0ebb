/** The router's errorElement: any uncaught route error lands here (docs/contract.md §2.1). */
import { Button } from 'antd'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { StatusPage } from './StatusPage'

/** The contract's title for this page. */
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
    <StatusPage
      code="Oops"
      title={ERROR_TITLE}
      sentence="Something went wrong on our side. Please go back to the home page and try again."
      action={
        // A plain link: a full page load resets whatever state broke.
        <Button type="primary" size="large" href="/">
          Go to home
        </Button>
      }
      detail={
        <>
          Details: <code>{describe(error)}</code>
        </>
      }
    />
  )
}
