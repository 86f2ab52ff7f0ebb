import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { antdStyles } from './build-plugins/antdStyles'
import { antdTrim } from './build-plugins/antdTrim'
import { earlyFetch } from './build-plugins/earlyFetch'
import { firstScreens } from './build-plugins/firstScreens'
import { precompress } from './build-plugins/precompress'
import { pwa } from './build-plugins/pwa'

// What the router loads for the signed-in pages a phone most often opens first (routes.tsx);
// build-plugins/firstScreens.ts lists those files for scripts/bundle-budget.mjs. Neither page's
// first screen draws an antd component, so no antd providers either (components/AntdLater.tsx).
const SIGNED_IN_SHELL = ['src/app/layouts/ShellLayout.tsx', 'src/app/signedInFeatures.ts']
const FIRST_SCREEN_ROUTES = {
  '/home': [...SIGNED_IN_SHELL, 'src/features/dashboard/HomePage.tsx'],
  '/transfer': [...SIGNED_IN_SHELL, 'src/features/transfers/TransferPage.tsx'],
}

// The BFF serves the API and, in production, the built app on one origin. In
// development Vite serves the app and forwards the BFF's two prefixes to it, so
// the code always calls same-origin paths (`/api/...`, `/auth/...`).
const BFF = 'http://127.0.0.1:8000'

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    antdStyles(),
    antdTrim(),
    // The first screen's data asked for by the page's first script (issue 43).
    earlyFetch(),
    firstScreens({ routes: FIRST_SCREEN_ROUTES }),
    // The manifest and service worker (issue 43); none in mock builds, where MSW's worker runs.
    pwa({ disabled: mode === 'mock' }),
    precompress(),
  ],
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
    // .vite/manifest.json maps source modules to chunks; scripts/bundle-budget.mjs reads it.
    manifest: true,
    // Fewer, larger chunks for the signed-in pages (issue 11, measured with
    // scripts/lighthouse.mjs): the default splitting gave /home ~75 files, and
    // over HTTP/1.1 (6 connections) each wave of requests costs a round trip.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // index.html's first script, with the first view it paints, stays one small file of
            // its own (build-plugins/earlyFetch.ts).
            { name: 'earlyFetch', test: /[\\/]src[\\/](earlyFetch|firstPaint)\.ts$/, priority: 4 },
            // What the login route loads stays in the entry chunk (scripts/bundle-budget.mjs).
            { name: 'startup', tags: ['$initial'], priority: 3 },
            // The signed-in core's state: RTK Query's reads (api/) and the kit's store (the
            // account and dashboard state). Each route's own slices and sagas (app/featureStates.ts,
            // store/payees, beneficiaries, schedules, the code step's saga store/codeStep/saga.ts,
            // disabling an account store/accounts/accountsSaga.ts, which only /settings runs)
            // and the lib/ helpers stay with the pages that use them, out of /home's first screen
            // (issue 44, docs/architecture.md).
            {
              name: 'state',
              test: /[\\/]src[\\/](api|store(?![\\/](payees|beneficiaries|schedules)[\\/]|[\\/]codeStep[\\/]saga\.|[\\/]accounts[\\/]accountsSaga\.)|features[\\/](auth|dashboard)[\\/]([a-zA-Z]+Slice|[a-zA-Z]+Saga|texts|api|types))[\\/.]/,
              priority: 2,
            },
            // The shell's own modules and what they import (the navigation icons), with the small
            // kit modules the first screens share (status tags, the account cards' colours, the
            // create-account state), which every signed-in page loads, in one chunk instead of a
            // dozen small ones: on a phone's slow network each extra request costs a round trip
            // (issue 23), and each small file its own bytes of imports.
            {
              name: 'shell',
              test: /[\\/]src[\\/](app[\\/]layouts(?![\\/](OnboardingLayout|NavDrawer))|lib[\\/]useIsMobile|components[\\/](BalanceToggle|LoadState|StatusTag|accounts[\\/](accountStyles|useCreateAccount)))[\\/.]/,
              priority: 1.5,
            },
            // antd's popups (tooltip, popover and their trigger and portal) with the small
            // components most pages show beside them, in one chunk: /home's first screen needs
            // none of them (components/plain/, LazyTooltip.tsx), and /transfer, which does, got
            // them in a dozen small files once they left the shell's chunk.
            {
              name: 'antdShared',
              test: /node_modules[\\/](antd[\\/]es[\\/](tooltip|popover|space|color-picker|collapse|tag|avatar|empty|skeleton)[\\/]|@rc-component[\\/](trigger|portal|collapse|color-picker|tooltip)[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    // The tests load antd's CommonJS build; a module's deep import of its ES Dropdown or Tooltip
    // (components/LazyDropdown.tsx, LazyTooltip.tsx) would be a second antd, outside the first's theme.
    alias: {
      'antd/es/dropdown': fileURLToPath(new URL('./src/test/antdDropdown.ts', import.meta.url)),
      'antd/es/tooltip': fileURLToPath(new URL('./src/test/antdTooltip.ts', import.meta.url)),
    },
    css: false,
    // Generous, for the same reason as setup.ts's asyncUtilTimeout: on a loaded machine the
    // first test of a file also pays for loading every feature's state (beforeAll).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share one jsdom and one module graph instead of a fresh one each: setting
    // up jsdom, antd and the store again for each of 58 files cost a third of this suite's
    // time (docs/frontend.md, "How long the tests take"). setup.ts puts back after each test
    // what a test may change (storage, width, mocks, forced outcomes, stores).
    isolate: false,
  },
}))
