/** The router's errorElement: any uncaught route error lands here (docs/contract.md §2.1). */
import { Button } from 'antd'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { StatusPage } from './StatusPage'

/** The contract's title for this page. */
export const ERROR_TITLE = 'Unexpected Application Error!'

/**
 * What the customer may read of the error: a route's own answer ("404 Not Found"). A thrown
 * error's message is the code's, not the customer's ("Failed to fetch dynamically imported
 * module https://…"), so it goes to the console for the developer, never onto the page.
 */
function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  return null
}

export function ErrorPage() {
  const error = useRouteError()
  const shown = describe(error)
  if (shown === null) console.error(error)
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
        shown === null ? undefined : (
          <>
            Details: <code>{shown}</code>
          </>
        )
      }
    />
  )
}
