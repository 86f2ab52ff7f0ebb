/**
 * Issue 43: the installable app on the real stack. The service worker is allowed here only
 * (playwright.config.ts blocks it for every other journey). Screenshots at 390 px: the install
 * entry, the offline dashboard and the update offer (docs/screenshots/pwa-*.png with
 * KOBO_DOC_SCREENSHOTS=1).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { ADA, MOCK } from './support'
import { signIn } from './money-support'
import { screenshot } from './screenshots'

const PHONE = { width: 390, height: 844 }
const SW_FILE = fileURLToPath(new URL('../dist/sw.js', import.meta.url))

test.skip(MOCK, 'the service worker is not built in mock mode (MSW has the scope)')

/** Waits until the app's worker is active, then reloads so it controls the page (no clientsClaim). */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      message: 'the service worker controls the page',
    })
    .toMatch(/\/sw\.js$/)
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click()
}

test.describe('installable app', () => {
  test.use({ serviceWorkers: 'allow', viewport: PHONE })

  test('manifest and worker meet the install criteria; the user menu offers the install', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await controlledByWorker(page)
    await expect(page).toHaveURL(/\/home$/)

    const cdp = await page.context().newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string
      errors: { message: string }[]
      data?: string
    }
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
    expect(manifest.errors).toEqual([])
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & { icons: { sizes: string; purpose: string }[] }
    expect(data).toMatchObject({ name: 'Kobo Internet Banking', short_name: 'Kobo', start_url: '/home', display: 'standalone', theme_color: '#0B6E4F' })
    expect(data.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    )
    // Chromium's own verdict: nothing stops installation (manifest, icons, worker with a fetch handler).
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    // Playwright's contexts are incognito profiles, which Chromium never installs from: that is
    // the one reason allowed here; any other (manifest, icons, worker) fails the test.
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([])
    const apple = await page.request.get('/icons/apple-touch-icon-180.png')
    expect(apple.headers()['content-type']).toBe('image/png')

    // Headless Chromium has no install UI and may never fire `beforeinstallprompt`; hand the app
    // one, as the browser would, to see the entry and that choosing it opens the browser's dialog.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
      offer.prompt = async () => {
        ;(window as unknown as { installPrompted: boolean }).installPrompted = true
      }
      offer.userChoice = Promise.resolve({ outcome: 'accepted' })
      window.dispatchEvent(offer)
    })
    await openUserMenu(page)
    const entry = page.getByRole('menuitem', { name: 'Add Kobo to your home screen' })
    await expect(entry).toBeVisible()
    await screenshot(page, 'pwa-install-entry-phone', { doc: true })
    await entry.click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true)
    // Used once, the offer is gone (the browser's rule).
    await openUserMenu(page)
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Add Kobo to your home screen' })).toHaveCount(0)
  })

  test('offline: the reload opens the shell with the stale-labelled balances, money actions off', async ({ page, context, request }) => {
    await signIn(page, request, ADA)
    await controlledByWorker(page)
    await expect(page.getByTestId('account-card')).toHaveCount(ADA.accounts.length)

    await context.setOffline(true)
    await page.reload()
    const banner = page.getByTestId('offline-balances')
    await expect(banner).toContainText(/Offline · balances as of \d\d:\d\d/)
    await expect(banner).toContainText("You're offline. Money can only move once you're back online.")
    await expect(page.getByTestId('account-card')).toHaveCount(ADA.accounts.length)
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Add account' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible()
    await screenshot(page, 'pwa-offline-dashboard-phone', { doc: true, fullPage: true })

    // A cold start with no network (a new tab: nothing kept): Kobo's own page, not the browser's.
    const coldTab = await context.newPage()
    await coldTab.goto('/home')
    await expect(coldTab.getByText('You are offline')).toBeVisible()
    await expect(coldTab.getByRole('button', { name: 'Retry' })).toBeVisible()
    await screenshot(coldTab, 'pwa-offline-cold-start-phone', { doc: true })

    // The network returns: both refresh by themselves.
    await context.setOffline(false)
    await expect(banner).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeEnabled()
    await expect(coldTab.getByTestId('account-card')).toHaveCount(ADA.accounts.length)
    await coldTab.close()
  })

  test("sign-out leaves nothing of the customer's in any cache or storage", async ({ page, request }) => {
    await signIn(page, request, ADA)
    await controlledByWorker(page)
    await expect(page.getByTestId('account-card')).toHaveCount(ADA.accounts.length)

    /** Everything the origin keeps, as text: storage, every cache's entries (URLs and bodies), IndexedDB's names. */
    const everythingKept = () =>
      page.evaluate(async () => {
        const kept: { where: string; text: string }[] = []
        for (const [name, storage] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]] as const) {
          for (let i = 0; i < storage.length; i += 1) {
            const key = storage.key(i)!
            kept.push({ where: `${name}:${key}`, text: `${key}=${storage.getItem(key)}` })
          }
        }
        for (const cacheName of await caches.keys()) {
          const cache = await caches.open(cacheName)
          for (const entry of await cache.keys()) {
            const body = await (await cache.match(entry))!.text()
            kept.push({ where: `cache ${cacheName}: ${entry.url}`, text: `${entry.url}\n${body}` })
          }
        }
        for (const db of await indexedDB.databases()) kept.push({ where: `indexedDB:${db.name}`, text: db.name ?? '' })
        kept.push({ where: 'cookie', text: document.cookie })
        return kept
      })
    const customers = (kept: { where: string; text: string }[]) =>
      kept
        .filter(({ text }) => [ADA.email, ...ADA.accounts].some((secret) => text.includes(secret)) || /\/(api|auth)\//.test(text.split('\n')[0]))
        .map(({ where }) => where)

    const before = await everythingKept()
    // The check can fail: while signed in, the session and the tab's dashboard are there.
    expect(customers(before)).toEqual(expect.arrayContaining(['localStorage:userInfo', 'sessionStorage:kobo.dashboard.lastAnswer']))
    // The worker's caches hold the app's files and never an API answer.
    expect(before.filter(({ where }) => where.startsWith('cache ')).length).toBeGreaterThan(20)
    expect(before.filter(({ where }) => /^cache .*\/(api|auth)\//.test(where))).toEqual([])

    await openUserMenu(page)
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    expect(customers(await everythingKept())).toEqual([])
  })

  test('a new build served under the open tab shows the update offer, and only Reload reloads', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await controlledByWorker(page)
    const original = readFileSync(SW_FILE, 'utf8')
    try {
      // A new build: another precache list (here, index.html's revision), so another sw.js.
      const rebuilt = original.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, `$1${Date.now().toString(16)}"`)
      expect(rebuilt).not.toBe(original)
      writeFileSync(SW_FILE, rebuilt)

      // The customer is half-way through something: a mark on the page tells whether it reloads.
      await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true))
      // What the app does every 30 minutes and on every return to the tab.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())
      const offer = page.getByRole('status').filter({ hasText: 'A new version of Kobo is ready' })
      await expect(offer).toBeVisible()
      await expect(offer.getByRole('button', { name: 'Reload' })).toBeVisible()
      await screenshot(page, 'pwa-update-offer-phone', { doc: true })
      // It waits for the customer: no reload by itself.
      await page.waitForTimeout(1500)
      expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true)

      await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload' }).click()])
      expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBeUndefined()
      await expect(page.getByRole('heading', { name: `Welcome ${ADA.firstName}` })).toBeVisible()
      await expect(page.getByText('A new version of Kobo is ready')).toHaveCount(0)
    } finally {
      writeFileSync(SW_FILE, original)
    }
  })
})

test.describe('a page whose code vanished after a deploy', () => {
  // The worker stays blocked (the default): the server's answer for the chunk is what counts.
  test.use({ viewport: PHONE })
  const BENEFICIARY_CHUNK = /\/assets\/BeneficiaryPage-[^/]+\.js$/

  /** How many documents this tab has loaded since the count started (kept in the tab's storage). */
  async function countLoads(page: Page) {
    await page.addInitScript(() => {
      const count = sessionStorage.getItem('e2e.loads')
      if (count !== null) sessionStorage.setItem('e2e.loads', String(Number(count) + 1))
    })
    await page.evaluate(() => sessionStorage.setItem('e2e.loads', '0'))
    return () => page.evaluate(() => Number(sessionStorage.getItem('e2e.loads')))
  }

  async function openBeneficiaries(page: Page) {
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Beneficiary' }).click()
  }

  test('reloads once, to the page the customer was going to', async ({ page, request }) => {
    await signIn(page, request, ADA)
    // The open tab's build named a chunk the server no longer has: every request for it fails
    // until the tab loads afresh (a new document; the new build would name other files).
    let refused = 0
    let oldDocument = true
    page.on('domcontentloaded', () => (oldDocument = false))
    await page.route(BENEFICIARY_CHUNK, async (route) => {
      if (!oldDocument) return route.continue()
      refused += 1
      // What the BFF answers for a file the new build does not have: its index.html.
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Kobo</title>' })
    })
    const loads = await countLoads(page)
    await openBeneficiaries(page)
    await expect(page).toHaveURL(/\/beneficiary$/)
    await expect(page.getByRole('heading', { name: 'Beneficiary' })).toBeVisible()
    expect(refused).toBeGreaterThan(0)
    expect(await loads()).toBe(1)
  })

  test('a chunk that stays missing ends on a page with a way out, never a white screen', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await page.route(BENEFICIARY_CHUNK, (route) => route.fulfill({ status: 404, body: '' }))
    const loads = await countLoads(page)
    await openBeneficiaries(page)
    await expect(page.getByRole('heading', { name: /Unexpected Application Error!|Kobo couldn't open this page/ })).toBeVisible()
    await expect(page.locator('body')).not.toHaveText('')
    await page.waitForTimeout(1000)
    expect(await loads()).toBe(1)
  })
})
