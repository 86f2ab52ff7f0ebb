/**
 * Start-up: in mock mode (`npm run dev:mock`) start the MSW service worker
 * first so the very first call is answered; then build the store, start the
 * first screen's requests, build the router and render.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { makeStore } from './app/store'
import { createAppRouter } from './app/router'
import { AppProviders } from './app/AppProviders'
import { selectAccessToken } from './store/appSlice'
import { startFirstScreenRequests } from './app/firstScreenData'
import './index.css'

async function enableMocking() {
  if (import.meta.env.VITE_MSW !== 'true') return
  const { startMockWorker } = await import('./mocks/browser')
  await startMockWorker()
  const { mountDevPanel } = await import('./mocks/mountDevPanel')
  mountDevPanel()
}

void enableMocking().then(() => {
  const store = makeStore()
  // The signed-in page's data is asked for now, while its code is still on its way.
  startFirstScreenRequests(window.location.pathname, selectAccessToken(store.getState()))
  const router = createAppRouter()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
})
