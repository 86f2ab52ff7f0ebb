#!/usr/bin/env node
/**
 * The production build carries no mock code: no MSW worker start-up, no forced-outcome
 * store, no dev panel. Usage: `node scripts/check-no-mocks.mjs [distDir]` (default `dist`)
 * after `vite build`; exits 1 naming the files that have any of the markers.
 *
 * public/mockServiceWorker.js is copied into every build by Vite; on its own it does
 * nothing (only the mock build registers it), so it is not searched.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Strings that only the mock code has (src/mocks/). */
const MARKERS = ['kobo.mock.overrides', 'mock-dev-panel', 'Forced outcomes (mock only)', 'setupWorker']

const webappDir = resolve(fileURLToPath(import.meta.url), '../..')
const distDir = resolve(webappDir, process.argv[2] ?? 'dist')

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.(js|mjs|html)$/.test(name) && name !== 'mockServiceWorker.js') yield path
  }
}

const found = []
for (const path of files(distDir)) {
  const text = readFileSync(path, 'utf8')
  for (const marker of MARKERS) if (text.includes(marker)) found.push(`${relative(webappDir, path)}: ${marker}`)
}
if (found.length) {
  console.error(`Mock code in the build ${relative(webappDir, distDir)}:\n  ${found.join('\n  ')}`)
  process.exit(1)
}
console.log(`no mock code in ${relative(webappDir, distDir)}`)
