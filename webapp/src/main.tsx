/**
 * Start-up: in mock mode (`npm run dev:mock`) start the MSW service worker
 * first so the very first call is answered; then build the store, start the
 * first screen's requests, plan its first view (app/firstViewPlan.tsx), build the
 * router and render.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { makeStore } from './app/store'
import { createAppRouter } from './app/router'
import { AppProviders } from './app/AppProviders'
import { selectAccessToken } from './store/appSlice'
import { startFirstScreenRequests } from './app/firstScreenData'
import { planFirstView } from './app/firstViewPlan'
import { yieldToMain } from './lib/yieldToMain'
import './index.css'

async function enableMocking() {
  if (import.meta.env.VITE_MSW !== 'true') return
  const { startMockWorker } = await import('./mocks/browser')
  await startMockWorker()
  const { mountDevPanel } = await import('./mocks/mountDevPanel')
  mountDevPanel()
}

// In a few tasks rather than one (issue 23): the bundle's evaluation, the store, the router,
// then the first render, each with a chance for the browser to paint or answer in between.
void enableMocking().then(async () => {
  await yieldToMain()
  const store = makeStore()
  // The signed-in page's data is asked for now, while its code is still on its way.
  const accessToken = selectAccessToken(store.getState())
  startFirstScreenRequests(window.location.pathname, accessToken)
  // /home and /transfer paint a first view without antd; their code loads once it has painted.
  planFirstView(window.location.pathname, !!accessToken)
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
})
