/**
 * Where the journeys' screenshots go, one way for every spec. Each shot is written to
 * e2e/screenshots/ (git ignores it) for a person to look at after a run. A shot that
 * illustrates the docs (`doc: true`) is also written to docs/screenshots/, but only with
 * KOBO_DOC_SCREENSHOTS=1: their dates and references change on every run, so a normal test
 * run must not rewrite committed images.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page, PageScreenshotOptions } from '@playwright/test'

export const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url))
export const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots', import.meta.url))
/** Refresh docs/screenshots/ in this run. */
export const REFRESH_DOCS = !!process.env.KOBO_DOC_SCREENSHOTS

type Options = Omit<PageScreenshotOptions, 'path'> & { doc?: boolean }

/** `name` without its extension, e.g. `kyc-level-phone`. */
export async function screenshot(page: Page, name: string, { doc = false, ...options }: Options = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const image = await page.screenshot({ ...options, path: `${SCREENSHOTS}/${name}.png` })
  if (doc && REFRESH_DOCS) {
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true })
    writeFileSync(`${DOCS_SCREENSHOTS}/${name}.png`, image)
  }
}

/** The same screen at 1280 and at 390 px (`<name>` and `<name>-phone`), then back to the
 * page's own size: every screen a journey pictures is looked at on a desktop and a phone. */
export async function atBothWidths(page: Page, name: string, options: Options = {}) {
  const own = page.viewportSize() ?? { width: 1280, height: 800 }
  await page.setViewportSize({ width: 1280, height: own.height })
  await screenshot(page, name, options)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForTimeout(300) // antd re-lays out on resize
  await screenshot(page, `${name}-phone`, options)
  await page.setViewportSize(own)
}
