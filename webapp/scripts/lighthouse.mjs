#!/usr/bin/env node
/**
 * Lighthouse (performance + accessibility) on the login page and the signed-in
 * dashboard (/home) and transfer page (/transfer), at desktop and mobile form
 * factors, against the real
 * stack serving a production build. Writes the table between the
 * `lighthouse:start/end` markers of docs/benchmarks.md.
 *
 *   npx vite build --outDir /tmp/kobo-dist && node scripts/lighthouse.mjs /tmp/kobo-dist
 *
 * It starts `scripts/stack.py --e2e` on its own ports (LH_BFF_PORT, default
 * 28600; LH_SIM_PORT, default 28700) with KOBO_WEBAPP_DIST set to the build,
 * and stops it at the end. Chromium is Debian's (/usr/bin/chromium, or
 * CHROME_PATH); nothing is downloaded.
 *
 * Signing in: the app keeps its session in localStorage (`userInfo`, see
 * src/app/sessionStorage.ts), so the script signs Ada in through the BFF's API
 * (password, then the one-time code read from the simulator's /sim/messages,
 * as e2e/support.ts does), stores the session in the browser's profile, and
 * runs Lighthouse on that browser (its storage reset keeps localStorage).
 * LH_DETAILS=1 prints the failed audits with their elements and where the main
 * thread's time goes; LH_SAVE=<dir> writes each run's full report (JSON)
 * there. LH_PAGES (a comma-separated subset of login, dashboard, transfer)
 * and LH_FORM_FACTORS (desktop, mobile, 3g) audit fewer pages; either one set means the table is printed only, never written to docs/benchmarks.md.
 *
 * `LH_FORM_FACTORS=3g` (issue 43; `LH_THROTTLING=devtools` to throttle for real rather than simulate) audits on a crowded 3G cell (CROWDED_3G: 300 ms round trips,
 * 700 Kbit/s, 4x CPU) and, with the dashboard, also measures /home's repeat visit from the
 * service worker's cache on that profile with the DevTools protocol's throttling (repeatVisit).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse, { desktopConfig } from 'lighthouse'
import { chromium } from 'playwright-core'

const webappDir = resolve(fileURLToPath(import.meta.url), '../..')
const repoDir = resolve(webappDir, '..')
const distDir = resolve(process.argv[2] ?? join(webappDir, 'dist'))
const BFF_PORT = Number(process.env.LH_BFF_PORT ?? 28600)
const SIM_PORT = Number(process.env.LH_SIM_PORT ?? 28700)
const BFF_URL = `http://127.0.0.1:${BFF_PORT}`
// The audited origin: the BFF itself, or a reverse proxy in front of it (e.g. to try compression).
const APP_URL = process.env.LH_APP_URL ?? BFF_URL
const SIM_URL = `http://127.0.0.1:${SIM_PORT}`
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const BENCHMARKS = join(repoDir, 'docs', 'benchmarks.md')
const ADA = { email: 'ada.okafor@example.com', password: 'Kobo@2026' }
// Lighthouse's figures vary from run to run (more so on a shared machine): each cell is the
// median run by performance score of LH_RUNS runs.
const RUNS = Number(process.env.LH_RUNS ?? 3)
const PAGES = (process.env.LH_PAGES ?? 'login,dashboard,transfer').split(',')
/** The signed-in pages, each audited with a fresh session (see main). */
const SIGNED_IN_PAGES = [
  { key: 'dashboard', label: 'dashboard (/home)', path: '/home' },
  { key: 'transfer', label: 'transfer (/transfer)', path: '/transfer' },
]

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** A port nobody listens on, for Chromium's DevTools endpoint that Lighthouse connects to. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

const STACK_LOG = join(tmpdir(), 'kobo-lighthouse-stack.log')

/** Starts the simulator and the BFF (their own process group, so one signal stops both). */
function startStack() {
  const log = openSync(STACK_LOG, 'w')
  const stack = spawn(
    join(repoDir, '.venv', 'bin', 'python'),
    [join(repoDir, 'scripts', 'stack.py'), '--e2e', '--bff-port', String(BFF_PORT), '--sim-port', String(SIM_PORT)],
    { cwd: webappDir, env: { ...process.env, KOBO_WEBAPP_DIST: distDir }, detached: true, stdio: ['ignore', log, log] },
  )
  return stack
}

async function stopStack(stack) {
  if (stack.exitCode !== null) return
  const exited = new Promise((done) => stack.once('exit', done))
  process.kill(-stack.pid, 'SIGTERM')
  const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])
  if (!stopped) process.kill(-stack.pid, 'SIGKILL')
}

async function waitUntilUp(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(500)
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`)
}

async function postJson(path, body) {
  const response = await fetch(`${BFF_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

async function newestMessage(recipient) {
  const response = await fetch(`${SIM_URL}/sim/messages?recipient=${encodeURIComponent(recipient)}`)
  if (!response.ok) throw new Error(`GET /sim/messages answered ${response.status}`)
  return (await response.json())[0] ?? null
}

/** Ada's session, as the BFF returns it after the password and the one-time code. */
async function signIn() {
  const before = (await newestMessage(ADA.email))?.id ?? null
  const challenge = await postJson('/auth/ibanking/personal/login', { ...ADA, remember: false })
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const message = await newestMessage(ADA.email)
    const otp = message && message.id !== before ? /\b\d{6}\b/.exec(message.body)?.[0] : undefined
    if (otp) {
      return postJson('/auth/ibanking/personal/otp-verification', {
        userId: challenge.userId,
        userUUID: challenge.userUUID,
        otp,
      })
    }
    await sleep(250)
  }
  throw new Error('no one-time code for Ada in /sim/messages')
}

/**
 * A crowded 3G cell (issue 43): a phone's screen and 4x CPU slowdown, as Lighthouse's mobile
 * default, on 300 ms round trips and 700 Kbit/s instead of slow 4G's 150 ms and 1.6 Mbit/s.
 * Lighthouse simulates it (rttMs, throughputKbps); the request/download/upload figures are the
 * same link for its DevTools throttling mode, with Lighthouse's own adjustment factors.
 */
export const CROWDED_3G = { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4 }
const crowded3gConfig = {
  extends: 'lighthouse:default',
  settings: {
    formFactor: 'mobile',
    // LH_THROTTLING=devtools: real delays on every request (DevTools' throttling) instead of
    // Lighthouse's simulation, which estimates from an unthrottled load.
    throttlingMethod: process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate',
    throttling: {
      ...CROWDED_3G,
      requestLatencyMs: CROWDED_3G.rttMs * 3.75,
      downloadThroughputKbps: CROWDED_3G.throughputKbps * 0.9,
      uploadThroughputKbps: CROWDED_3G.throughputKbps * 0.9,
    },
  },
}

const FORM_FACTORS = {
  desktop: desktopConfig,
  // Lighthouse's default: a mid-range phone on a slow 4G network, 4x CPU slowdown.
  mobile: undefined,
  // Only when asked (LH_FORM_FACTORS=3g): the issue 43 profile above, plus the repeat visit.
  '3g': crowded3gConfig,
}
const DEFAULT_FORM_FACTORS = 'desktop,mobile'
const FORM_FACTOR_KEYS = (process.env.LH_FORM_FACTORS ?? DEFAULT_FORM_FACTORS).split(',')

/** The median of `RUNS` audits, by performance score. */
async function medianAudit(url, formFactor, debugPort) {
  const runs = []
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, formFactor, debugPort))
  runs.sort((a, b) => (a.performance || 0) - (b.performance || 0))
  return { ...runs[Math.floor(runs.length / 2)], performanceRuns: runs.map((r) => r.performance) }
}

async function audit(url, formFactor, debugPort) {
  const flags = {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Each run starts with an empty HTTP cache; Lighthouse's storage reset
    // (clearStorageTypes) leaves localStorage, so the signed-in session stays.
  }
  const { lhr } = await lighthouse(url, flags, FORM_FACTORS[formFactor])
  if (process.env.LH_DETAILS) printDetails(url, formFactor, lhr)
  if (process.env.LH_SAVE) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'login'}-${formFactor}-${Date.now()}.json`
    mkdirSync(process.env.LH_SAVE, { recursive: true })
    writeFileSync(join(process.env.LH_SAVE, name), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) console.error(`${url} (${formFactor}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
    .map((a) => a.id)
  return {
    // A run that failed (runtimeError) has no scores: NaN, shown as "n/a".
    performance: Math.round((lhr.categories.performance.score ?? NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? NaN) * 100),
    cls: metric('cumulative-layout-shift'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    failedAccessibilityAudits: failed,
  }
}

/** With LH_DETAILS=1: what to fix (failed audits with their elements, the main savings). */
function printDetails(url, formFactor, lhr) {
  console.log(`\n## ${url} (${formFactor})`)
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items ?? []
  const lcpNode = lcp[0]?.items?.[0]?.node
  const phases = lcp[1]?.items?.map((item) => `${item.phase ?? item.label} ${Math.round(item.timing)} ms`).join(', ')
  console.log(`- LCP element: ${lcpNode?.selector ?? '?'} ${lcpNode?.snippet?.slice(0, 120) ?? ''}; ${phases ?? ''}`)
  for (const audit of Object.values(lhr.audits)) {
    const breakdown = ['mainthread-work-breakdown', 'bootup-time'].includes(audit.id)
    if (!breakdown && (audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative')) continue
    console.log(`- ${audit.id}: ${audit.displayValue ?? ''} ${audit.title}`)
    for (const item of (audit.details?.items ?? []).slice(0, 6)) {
      const where = item.node?.selector ?? item.node?.snippet ?? item.url ?? item.source?.url ?? item.groupLabel ?? ''
      const cost = item.node?.explanation?.split('\n')[1] ?? item.wastedBytes ?? (item.duration ?? item.total)?.toFixed(0) ?? ''
      console.log(`    ${where} ${cost}`.slice(0, 300))
    }
  }
}

function markdownTable(rows) {
  const show = (value, format) => (Number.isFinite(value) ? format(value) : 'n/a')
  const lines = [
    '| page | form factor | performance | accessibility | CLS | LCP | TBT |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.formFactor} | ${show(r.performance, String)} | ${show(r.accessibility, String)} | ${show(r.cls, (v) => v.toFixed(3))} | ${show(r.lcp, (v) => `${(v / 1000).toFixed(2)} s`)} | ${show(r.tbt, (v) => `${Math.round(v)} ms`)} |`,
    ),
  ]
  return lines.join('\n')
}

function writeBenchmarks(table) {
  const start = '<!-- lighthouse:start -->'
  const end = '<!-- lighthouse:end -->'
  const text = readFileSync(BENCHMARKS, 'utf8')
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${BENCHMARKS} has no ${start} ... ${end} markers`)
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion()} in ${CHROME_PATH}, production build served by the BFF, median of ${RUNS} runs (\`scripts/lighthouse.mjs\`).`
  writeFileSync(BENCHMARKS, `${text.slice(0, from + start.length)}\n${stamp}\n\n${table}\n${text.slice(to)}`)
}

function lighthouseVersion() {
  const path = fileURLToPath(import.meta.resolve('lighthouse/package.json'))
  return JSON.parse(readFileSync(path, 'utf8')).version
}

/**
 * /home's repeat visit on the crowded 3G profile (issue 43), in Chromium with the DevTools
 * protocol's throttling (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate): a
 * first visit installs the service worker (unthrottled: only the repeat is measured), then a
 * throttled reload paints from the worker's cache. Reports that load's first contentful paint
 * and its largest contentful paint (the account cards, the first view) in ms.
 */
async function repeatVisit(browser, session) {
  const page = await browser.newPage()
  try {
    await page.goto(`${APP_URL}/`)
    await page.evaluate((value) => window.localStorage.setItem('userInfo', value), JSON.stringify(session))
    await page.goto(`${APP_URL}/home`)
    // A build without the worker (an A/B run) would wait here for ever: give up after 30 s
    // and measure the reload anyway (it then reports controlledByServiceWorker: false).
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready, new Promise((done) => setTimeout(done, 30_000))]),
    )
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: CROWDED_3G.rttMs,
      downloadThroughput: (CROWDED_3G.throughputKbps * 1024) / 8,
      uploadThroughput: (CROWDED_3G.throughputKbps * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CROWDED_3G.cpuSlowdownMultiplier })
    await page.reload({ waitUntil: 'load' })
    await page.locator('[data-testid="account-card"]').first().waitFor({ timeout: 30_000 })
    const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller)
    const paints = await page.evaluate(
      () =>
        new Promise((done) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
          new PerformanceObserver((list) => {
            const entries = list.getEntries()
            done({ fcp, lcp: entries[entries.length - 1].startTime })
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return { controlledByServiceWorker: controlled, fcpMs: Math.round(paints.fcp), lcpMs: Math.round(paints.lcp) }
  } finally {
    await page.close()
  }
}

async function main() {
  const stack = startStack()
  const profile = mkdtempSync(join(tmpdir(), 'kobo-lighthouse-'))
  let browser
  try {
    await waitUntilUp(`${BFF_URL}/health`)
    await waitUntilUp(`${SIM_URL}/health`)
    const debugPort = await freePort()
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      headless: true,
      args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    const page = browser.pages()[0] ?? (await browser.newPage())
    const rows = []
    // Signed out first: the login page.
    await page.goto(`${APP_URL}/`)
    await page.evaluate(() => window.localStorage.clear())
    for (const formFactor of PAGES.includes('login') ? FORM_FACTOR_KEYS : []) {
      rows.push({ page: 'login (/)', formFactor, ...(await medianAudit(`${APP_URL}/`, formFactor, debugPort)) })
    }
    // Then signed in: each page with Ada's session in localStorage (a fresh one per page and
    // form factor, so the runs stay within the access token's lifetime).
    for (const { key, label, path } of SIGNED_IN_PAGES.filter((p) => PAGES.includes(p.key))) {
      for (const formFactor of FORM_FACTOR_KEYS) {
        const session = await signIn()
        await page.evaluate((value) => window.localStorage.setItem('userInfo', value), JSON.stringify(session))
        rows.push({ page: label, formFactor, ...(await medianAudit(`${APP_URL}${path}`, formFactor, debugPort)) })
      }
    }
    if (FORM_FACTOR_KEYS.includes('3g') && PAGES.includes('dashboard')) {
      for (let run = 0; run < RUNS; run += 1) {
        const session = await signIn()
        console.log(JSON.stringify({ repeatVisit3g: await repeatVisit(browser, session) }))
      }
    }
    for (const row of rows) {
      console.log(JSON.stringify(row))
    }
    const table = markdownTable(rows)
    console.log(`\n${table}`)
    if (!process.argv.includes('--no-write') && !process.env.LH_PAGES && !process.env.LH_FORM_FACTORS) writeBenchmarks(table)
  } finally {
    await browser?.close()
    await stopStack(stack)
    rmSync(profile, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  console.error(`The stack's output is in ${STACK_LOG}.`)
  process.exitCode = 1
})
