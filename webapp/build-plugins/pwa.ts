/**
 * The installable app (issue 43): the web app manifest and the service worker, built by
 * vite-plugin-pwa (Workbox's generateSW).
 *
 * - The worker precaches the shell (index.html) and every page's code and styles, so a reload
 *   or a cold start with no network still opens Kobo; a navigation is answered with the cached
 *   index.html (the app then says "You are offline" where it has no data).
 * - It caches nothing else: no runtime caching at all, so an /api or /auth answer never enters
 *   a cache (the BFF also marks them `no-store`; e2e/pwa.spec.ts reads the caches to check).
 * - `registerType: 'prompt'`: a new version waits until the customer chooses Reload
 *   (src/app/pwa/registerServiceWorker.ts registers it; nothing is injected into index.html).
 * - Off in mock builds: MSW's own worker (public/mockServiceWorker.js) needs the same scope.
 */
import { VitePWA } from 'vite-plugin-pwa'

export const THEME_COLOUR = '#0B6E4F'

/** Paths the BFF answers itself (bff/spa.py's API_PREFIXES and its probes): never the app's shell. */
const SERVER_PATHS = [/^\/api\//, /^\/auth\//, /^\/admin\/api\//, /^\/schema/, /^\/health/, /^\/ready/, /^\/metrics/]

export function pwa({ disabled }: { disabled: boolean }) {
  return VitePWA({
    disable: disabled,
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Kobo Internet Banking',
      short_name: 'Kobo',
      description: 'Kobo internet banking for personal customers',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOUR,
      background_color: '#F4F7F5',
      lang: 'en-NG',
      categories: ['finance'],
      icons: [
        { src: '/icons/kobo-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/kobo-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/kobo-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/kobo-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The shell and every page's code; not the build's .br/.gz copies, its manifest, or MSW.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/mockServiceWorker.js', '.vite/**'],
      // Hashed names change with their content: Workbox need not add a revision to them.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      // No runtimeCaching: whatever is not precached goes to the network and is never stored.
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  })
}
