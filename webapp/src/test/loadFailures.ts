/**
 * Helpers for the "errors are not empty data" tests: make one read fail (a 500 with
 * problem details, or a network error), find the screen's failed state, and retry.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { problem } from '../mocks/session'
import { RETRY_LABEL } from '../components/LoadState'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Every call to `path` answers 500 with this problem-details `detail`. */
export function failWithProblem(path: string, detail: string, method: Method = 'get') {
  server.use(http[method](path, () => problem(500, detail, 'Internal Server Error')))
}

/** Every call to `path` fails before an answer (what fetch sees when the network is down). */
export function failWithNetworkError(path: string, method: Method = 'get') {
  server.use(http[method](path, () => HttpResponse.error()))
}

/** The failed state that carries `reason` (a screen may show several, one per read). */
export async function findFailure(reason: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = screen.getAllByTestId('load-failed').find((el) => el.textContent?.includes(reason))
    expect(found).toBeDefined()
  })
  return found!
}

/** Asserts the failed state: its reason and a Retry button. Returns the Retry button. */
export async function expectFailure(reason: string): Promise<HTMLElement> {
  const failure = await findFailure(reason)
  expect(within(failure).getByText(reason)).toBeInTheDocument()
  return within(failure).getByRole('button', { name: RETRY_LABEL })
}

/** Drops the failing handlers, so the next request gets the normal mock answer. */
export function restoreHandlers() {
  server.resetHandlers()
}
