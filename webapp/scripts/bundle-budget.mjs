#!/usr/bin/env node
/**
 * JavaScript budget of the login page (issue 11): the gzipped size of every
 * script the browser must load before the login form can render, at most
 * 150 KB; and the budgets of the signed-in first screens, /home and /transfer
 * (issue 23, FIRST_SCREEN_BUDGETS below). Usage: `node scripts/bundle-budget.mjs [distDir]` (default `dist`),
 * after `vite build` (which writes `<distDir>/.vite/manifest.json`).
 *
 * What counts is read from the build itself, so the check cannot drift from
 * the code: the entry chunk of index.html with everything it imports
 * statically, plus the lazy chunks of the login route's modules (and their
 * static imports) when the router loads them on demand. Chunks only reached
 * through other dynamic imports (the other pages) are not counted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_BYTES = 150 * 1024

/**
 * The modules the router renders on `/` (layout and page). Each is either part
 * of the entry's static graph or its own lazy chunk; both are counted.
 */
const LOGIN_ROUTE_MODULES = ['src/app/layouts/AuthLayout.tsx', 'src/features/auth/LoginPage.tsx']

const webappDir = resolve(fileURLToPath(import.meta.url), '../..')

function readManifest(distDir) {
  const path = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(path)) {
    throw new Error(`${path} not found: build first (vite build with build.manifest: true)`)
  }
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** The manifest keys of `roots` and of every chunk they import statically. */
function staticClosure(manifest, roots) {
  const seen = new Set()
  const stack = [...roots]
  while (stack.length) {
    const key = stack.pop()
    if (seen.has(key)) continue
    seen.add(key)
    stack.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/** The chunks the login page loads, each with the reason it is counted. */
function loginChunks(manifest) {
  // index.html's two scripts: the first screen's early requests (src/earlyFetch.ts) and the app.
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (!entries.includes('index.html') || entries.length > 2) {
    throw new Error(`expected index.html and at most src/earlyFetch.ts as entries, found ${entries.join(', ')}`)
  }
  const counted = new Map()
  for (const key of staticClosure(manifest, entries)) counted.set(key, entries.includes(key) ? 'entry' : 'entry import')
  for (const module of LOGIN_ROUTE_MODULES) {
    if (!existsSync(join(webappDir, module))) {
      throw new Error(`${module} does not exist: update LOGIN_ROUTE_MODULES in scripts/bundle-budget.mjs`)
    }
    // Not a manifest key means the module is bundled into a static chunk already counted.
    if (!manifest[module]) continue
    for (const key of staticClosure(manifest, [module])) {
      if (!counted.has(key)) counted.set(key, `login route (${module.split('/').pop()})`)
    }
  }
  return [...counted].map(([key, reason]) => ({ file: manifest[key].file, reason }))
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1)
}

/**
 * What a phone downloads before the first signed-in screens are complete
 * (issue 23; their first views need only index.html's first script, src/firstPaint.ts):
 * the start-up files plus the page's chunks and stylesheets, as
 * listed by build-plugins/firstScreens.ts in `.vite/first-screens.json`.
 * Budgets hold what was measured when they were set (docs/benchmarks.md,
 * Lighthouse), so that a regression fails: JavaScript and CSS, gzipped.
 */
const FIRST_SCREEN_BUDGETS = {
  // 325 KB until session 19: passkeys, disputes and the freeze (issues 40 and 42) brought
  // the state chunk to 325.5 KB. Raised by 1 KB on purpose; what would win it back (the
  // slices and sagas only signed-in pages use, split out of `state`) is issue 44's fetching
  // work, and /home's mobile Lighthouse figure is re-measured with issue 43. Raised by 1 KB
  // more on purpose (326.6 KB): approving bills, bulk transfers, beneficiaries, limits, 2FA
  // switches and schedules with a passkey (issue 40) adds their options endpoints, reducers
  // and sagas to the entry and `state` chunks; the ceremony itself stays lazy. Lowered to
  // 321 KB (issue 44): each route's slices and sagas now load with the route, so /home came
  // to 319.8 KB with RTK Query in; the budget keeps that gain. Raised by 2 KB on purpose
  // (issue 43, 322.8 KB): index.html's first script paints the first view itself
  // (src/firstPaint.ts, 4.4 KB), a copy of markup the React first view shared with the page;
  // the start-up bundle lost 4.3 KB, the page's chunks gained 3.3 KB of what moved to them.
  // Raised by 0.5 KB on purpose (session 28, 323.0 KB): antd's motion follows the device's
  // reduced-motion setting (`stillTheme` in app/AntdProviders.tsx).
  // Raised by 0.5 KB on purpose (issue 58, 323.5 KB): the Savings page in the shell's menu and
  // route table, and the total card's savings line.
  '/home': { js: 324 * 1024, css: 56 * 1024 },
  // 368 KB until the passkey approvals of bulk transfers and schedules (issue 40) met the
  // new-device cap on the same screen (368.1 KB merged): raised by 1 KB on purpose. Raised by
  // 2 KB more on purpose (issue 43, 370.9 KB): the first script's painter, as for /home.
  // Raised by 0.5 KB on purpose (session 27, 371.0 KB): the signed-in core starts /home's
  // summary read as it loads (`startEarlyReads`), so the page renders once, with its data.
  // Raised by 0.5 KB on purpose (issue 58, 371.5 KB): the Savings page in the shell's menu.
  '/transfer': { js: 372 * 1024, css: 58 * 1024 },
}

function gzipped(distDir, file) {
  return gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length
}

/** What the BFF sends a browser that accepts brotli (build-plugins/precompress.ts), for information. */
function brotli(distDir, file) {
  const copy = join(distDir, `${file}.br`)
  return existsSync(copy) ? readFileSync(copy).length : gzipped(distDir, file)
}

/** Prints each first screen's bytes against its budget; true when all are within. */
function checkFirstScreens(distDir) {
  const path = join(distDir, '.vite', 'first-screens.json')
  if (!existsSync(path)) throw new Error(`${path} not found: build with build-plugins/firstScreens.ts`)
  const { startup, routes } = JSON.parse(readFileSync(path, 'utf8'))
  let within = true
  console.log('')
  for (const [route, budget] of Object.entries(FIRST_SCREEN_BUDGETS)) {
    if (!routes[route]) throw new Error(`${route} is not in ${path}: update FIRST_SCREEN_BUDGETS`)
    const files = [...startup, ...routes[route]]
    const sum = (ext) => files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipped(distDir, file), 0)
    const js = sum('.js')
    const css = sum('.css')
    const ok = js <= budget.js && css <= budget.css
    within &&= ok
    const sent = files.reduce((total, file) => total + brotli(distDir, file), 0)
    console.log(
      `${route} first screen: ${files.length} files, JavaScript ${kb(js)} KB (budget ${kb(budget.js)}), CSS ${kb(css)} KB (budget ${kb(budget.css)}) gzipped: ${ok ? 'within' : 'OVER'}; ${kb(sent)} KB in all with brotli`,
    )
  }
  return within
}

function main() {
  const distDir = resolve(process.argv[2] ?? join(webappDir, 'dist'))
  const manifest = readManifest(distDir)
  const rows = loginChunks(manifest)
    .filter(({ file }) => file.endsWith('.js'))
    .map(({ file, reason }) => {
      const source = readFileSync(join(distDir, file))
      return { file, reason, raw: source.length, gzip: gzipSync(source, { level: 9 }).length }
    })
    .sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  const width = Math.max(...rows.map((row) => row.file.length), 'chunk'.length)
  console.log(`${'chunk'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  counted as`)
  for (const row of rows) {
    console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}  ${row.reason}`)
  }
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER'
  console.log(`\nLogin page JavaScript: ${kb(total)} KB gzipped, ${verdict} the ${kb(BUDGET_BYTES)} KB budget.`)
  const firstScreensWithin = checkFirstScreens(distDir)
  process.exitCode = total <= BUDGET_BYTES && firstScreensWithin ? 0 : 1
}

try {
  main()
} catch (error) {
  console.error(`bundle-budget: ${error.message}`)
  process.exitCode = 2
}
