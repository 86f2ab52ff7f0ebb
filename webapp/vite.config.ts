import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The BFF serves the API and, in production, the built app on one origin. In
// development Vite serves the app and forwards the BFF's two prefixes to it, so
// the code always calls same-origin paths (`/api/...`, `/auth/...`).
const BFF = 'http://127.0.0.1:8000'

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    // In mock mode MSW answers in the browser; no backend is needed.
    proxy:
      mode === 'mock'
        ? undefined
        : {
            '/api': { target: BFF, changeOrigin: false },
            '/auth': { target: BFF, changeOrigin: false },
          },
  },
  build: {
    // A mock build must never overwrite the dist/ that the BFF serves.
    outDir: mode === 'mock' ? 'dist-mock' : 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15000,
  },
}))
