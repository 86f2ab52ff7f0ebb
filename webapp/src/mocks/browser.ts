/** The service-worker mock used by `npm run dev:mock`: the whole app runs with no backend. */
import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'

export const worker = setupWorker(...handlers)

export function startMockWorker() {
  return worker.start({
    // Assets, fonts and Vite's own requests are not API calls: let them through quietly.
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
