/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build
 * (scripts, stylesheets, the HTML, SVG), at the highest levels, once: the BFF then sends
 * the copy the browser accepts (bff/spa.py) instead of compressing each answer on the fly.
 * Brotli at level 11 is about 15 % smaller than gzip for the app's scripts, and too slow to
 * run per request. Files under 1 KB, or that would not shrink, get no copies.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/
const MINIMUM_SIZE = 1024

/** Every file under `dir`, except in dot-directories (Vite's `.vite/` manifests are not served). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(path)
    return [path]
  })
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'kobo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MINIMUM_SIZE) continue
        const source = readFileSync(file)
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        })
        const gzip = gzipSync(source, { level: 9 })
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli)
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip)
      }
    },
  }
}
