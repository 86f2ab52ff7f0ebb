/** Mounts the mock-only DevPanel in its own root, outside the app's tree. */
import { createRoot } from 'react-dom/client'
import type { HttpHandler } from 'msw'
import { DevPanel } from './DevPanel'
import { featureHandlers } from './handlers'

export function mountDevPanel(): void {
  const host = document.createElement('div')
  host.id = 'mock-dev-panel'
  document.body.appendChild(host)
  const endpoints = [...new Set(featureHandlers.map((h) => `${String((h as HttpHandler).info.method)} ${String((h as HttpHandler).info.path)}`))].sort()
  createRoot(host).render(<DevPanel endpoints={endpoints} />)
}
