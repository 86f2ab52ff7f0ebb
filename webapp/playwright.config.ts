/**
 * Browser journeys in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser). By default they run against the real stack:
 * `scripts/stack.py --e2e` starts the simulator (127.0.0.1:18100) and the BFF
 * (127.0.0.1:18000), which serves the built app from webapp/dist.
 *
 * `E2E_MOCK=1 npm run e2e` instead serves a mock build (MSW in the browser)
 * on 127.0.0.1:4173 (E2E_MOCK_PORT moves it, so two runs can coexist), for
 * working on screens without the backend.
 */
import { defineConfig } from '@playwright/test'

const CI = !!process.env.CI
const MOCK = !!process.env.E2E_MOCK

const BFF_PORT = process.env.E2E_BFF_PORT ?? '18000'
const SIM_PORT = process.env.E2E_SIM_PORT ?? '18100'
export const BFF_URL = `http://127.0.0.1:${BFF_PORT}`
export const SIM_URL = `http://127.0.0.1:${SIM_PORT}`
const MOCK_PORT = process.env.E2E_MOCK_PORT ?? '4173'
const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`
// `scripts/test` runs the journeys as shards, each with its own stack on its own ports; each
// shard keeps its traces and report apart (E2E_OUT=e2e-runs/2: webapp/e2e-runs/2/test-results).
const OUT = process.env.E2E_OUT ?? '.'

export default defineConfig({
  testDir: './e2e',
  outputDir: `${OUT}/test-results`,
  // One stack, one database: journeys run one at a time within a run. `scripts/test` starts
  // several runs side by side (`--shard`), each with a stack of its own.
  fullyParallel: false,
  workers: 1,
  // CI and the full suite (`nox -s e2e`, which sets E2E_OUT) retry a failed journey once,
  // and record its trace on that retry; a journey run by hand fails at once (add `--trace on`).
  retries: CI || process.env.E2E_OUT ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A run of `nox -s e2e` (E2E_OUT set) also writes a JSON report: the session sums each
  // spec's time from it, to share the specs out evenly over the shards (noxfile.py).
  reporter: [
    ['list'],
    ...(CI ? [['html', { open: 'never', outputFolder: `${OUT}/playwright-report` }] as const] : []),
    ...(process.env.E2E_OUT ? [['json', { outputFile: `${OUT}/results.json` }] as const] : []),
  ],
  use: {
    baseURL: MOCK ? MOCK_URL : BFF_URL,
    headless: true,
    screenshot: 'only-on-failure',
    // The app's service worker (issue 43) would serve a journey yesterday's files or keep
    // a page controlled across tests: blocked for every journey but e2e/pwa.spec.ts, which
    // allows it for itself. A mock run needs MSW's worker, so there workers are allowed.
    serviceWorkers: MOCK ? 'allow' : 'block',
    // A trace of every journey, kept only for failures, cost a third of the journeys' CPU
    // (docs/frontend.md, "How long the tests take"); the retry's trace shows the failure too.
    trace: 'on-first-retry',
    // The journeys' customer asks her device for less motion, and the app honours it (antd's
    // motion off: `stillTheme` in src/components/stillTheme.ts). Under load, clicks that landed while a dialog or a
    // picker was still zooming or sliding open were lost (a date picker's day, a form's Submit:
    // session 28's runs). e2e/screens.spec.ts checks both settings of the device.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: MOCK
    ? {
        command: `npm run preview:mock -- --host 127.0.0.1 --port ${MOCK_PORT} --strictPort`,
        url: MOCK_URL,
        reuseExistingServer: !CI,
        timeout: 120_000,
      }
    : {
        command: `../.venv/bin/python ../scripts/stack.py --e2e --bff-port ${BFF_PORT} --sim-port ${SIM_PORT}`,
        url: `${BFF_URL}/health`,
        reuseExistingServer: !CI,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
})
