/**
 * Draws Kobo's app icons (issue 43: the web app manifest and iOS's home-screen icon) from the
 * logo mark of public/favicon.svg, in Debian's Chromium. The PNGs are committed; run this again
 * only when the mark changes: `node scripts/make-icons.mjs` (in webapp/).
 *
 * - `any` icons keep the favicon's rounded square (Android shows them as they are);
 * - the maskable icon and Apple's are full-bleed squares (the launcher or iOS cuts its own
 *   shape), with the mark inside the central 80 % "safe zone" so no mask clips it.
 */
import { chromium } from '@playwright/test'
import { fileURLToPath } from 'node:url'

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url))
const MARK = '<path d="M20 16h8v13l12-13h10L36.5 30.5 51 48H40.5L28 32.5V48h-8z" fill="#fff"/><circle cx="47" cy="17" r="4" fill="#F2C94C"/>'

/** The favicon's drawing; `bleed` squares the corners and shrinks the mark into the safe zone. */
function svg(bleed) {
  const background = bleed ? '<rect width="64" height="64" fill="#0B6E4F"/>' : '<rect width="64" height="64" rx="14" fill="#0B6E4F"/>'
  const mark = bleed ? `<g transform="translate(32 32) scale(0.85) translate(-35.5 -31)">${MARK}</g>` : MARK
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}${mark}</svg>`
}

const ICONS = [
  { file: 'kobo-192.png', size: 192, bleed: false },
  { file: 'kobo-512.png', size: 512, bleed: false },
  { file: 'kobo-maskable-192.png', size: 192, bleed: true },
  { file: 'kobo-maskable-512.png', size: 512, bleed: true },
  { file: 'apple-touch-icon-180.png', size: 180, bleed: true },
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const { file, size, bleed } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(bleed).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    )
    await page.screenshot({ path: OUT + file, omitBackground: true })
    await page.close()
    console.log(`public/icons/${file} (${size}×${size})`)
  }
} finally {
  await browser.close()
}
