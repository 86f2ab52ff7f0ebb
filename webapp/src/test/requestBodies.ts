/** The JSON bodies a test's page sends to one path, in order (a request's body is read from
 * a clone, so the mocks still answer it). The recording stops when the test finishes. */
import { onTestFinished } from 'vitest'
import { server } from '../mocks/server'

export function requestBodies(path: string | RegExp, method = 'POST'): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  const record = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url)
    const matches = typeof path === 'string' ? pathname === path : path.test(pathname)
    if (request.method === method && matches) void request.clone().json().then((body: Record<string, unknown>) => bodies.push(body))
  }
  server.events.on('request:start', record)
  onTestFinished(() => server.events.removeListener('request:start', record))
  return bodies
}
