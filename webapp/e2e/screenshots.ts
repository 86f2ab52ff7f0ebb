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
