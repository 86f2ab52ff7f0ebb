/** The Node mock server behind the unit tests: same handlers, unknown calls are errors. */
import { setupServer } from 'msw/node'
import { handlers } from './handlers'

export const server = setupServer(...handlers)
