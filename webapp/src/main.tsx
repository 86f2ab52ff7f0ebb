/**
 * Start-up: in mock mode (`npm run dev:mock`) start the MSW service worker
 * first so the very first call is answered; then build the store, adopt the
 * first screen's requests and its painted first view (index.html's first script started
 * and painted them: src/earlyFetch.ts, src/firstPaint.ts), build the router and render; then
 * register the service worker (app/pwa/, issue 43).
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { makeStore } from './app/store'
import { createAppRouter } from './app/router'
import { AppProviders } from './app/AppProviders'
import { selectAccessToken } from './store/appSlice'
import { adoptFirstScreenRequests } from './app/firstScreenData'
import { adoptPaintedFirstView } from './app/paintedFirstView'
import { yieldToMain } from './lib/yieldToMain'
import { listenForInstallOffer } from './app/pwa/pwaState'
import { reloadOnVanishedChunks } from './app/chunkReload'
import './index.css'

async function enableMocking() {
  if (import.meta.env.VITE_MSW !== 'true') return
  const { startMockWorker } = await import('./mocks/browser')
  await startMockWorker()
  const { mountDevPanel } = await import('./mocks/mountDevPanel')
  mountDevPanel()
}

// The browser's install offer comes once, early (issue 43); a vanished chunk reloads once.
listenForInstallOffer()
reloadOnVanishedChunks()

/**
 * The service worker (issue 43) in production builds only: `dev` has none (Vite's own server),
 * and a mock build has MSW's worker on the same scope, which must stay the only one.
 */
function registerAppWorker() {
  if (!import.meta.env.PROD || import.meta.env.VITE_MSW === 'true') return
  // After the page has loaded: the worker's precaching (every page's code) must not share a
  // slow link with the first screen's own files and data.
  const register = () =>
    void import('./app/pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker())
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

// In a few tasks rather than one (issue 23): the bundle's evaluation, the store, the router,
// then the first render, each with a chance for the browser to paint or answer in between.
void enableMocking().then(async () => {
  await yieldToMain()
  const store = makeStore()
  // The signed-in page's data, asked for by index.html's first script, goes to its reads.
  const accessToken = selectAccessToken(store.getState())
  adoptFirstScreenRequests(accessToken)
  // /home and /transfer have a first view painted by that script; their code loads once it has painted.
  adoptPaintedFirstView(!!accessToken)
  await yieldToMain()
  const router = createAppRouter()
  await yieldToMain()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
  registerAppWorker()
})
