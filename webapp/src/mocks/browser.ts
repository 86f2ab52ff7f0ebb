/** The service-worker mock used by `npm run dev:mock`: the whole app runs with no backend. */
import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'
import { startPersistentOverrides } from './forcing/overrides'
import { keepStateInTab } from './state'

export const worker = setupWorker(...handlers)

export async function startMockWorker() {
  // This tab's forced outcomes, and `?scenario=` on top (docs/frontend.md).
  const unknown = startPersistentOverrides(window.location.search)
  keepStateInTab()
  if (unknown.length) console.warn(`[mock] unknown scenario ${unknown.join(', ')}: see fixtures/scenarios.json`)
  await worker.start({
    // Assets, fonts and Vite's own requests are not API calls: let them through quietly.
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
