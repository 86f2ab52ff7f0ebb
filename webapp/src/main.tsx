/**
 * Start-up: in mock mode (`npm run dev:mock`) start the MSW service worker
 * first so the very first call is answered; then build the store and router
 * and render.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { makeStore } from './app/store'
import { createAppRouter } from './app/router'
import { AppProviders } from './app/AppProviders'
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
  const router = createAppRouter()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
})
