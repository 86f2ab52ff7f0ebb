/**
 * Screenshots of the main screens at desktop and phone widths, saved to
 * e2e/screenshots/ (git-ignored) for a person to look at.
 */
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { ADA, fillCredentials, newestMessageId, readOtp, typeOtp } from './support'
import { dismissToasts, signIn } from './money-support'

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
const DIR = fileURLToPath(new URL('./screenshots', import.meta.url))

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('login, code entry and dashboard', async ({ page, request }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
      await page.screenshot({ path: `${DIR}/login-${viewport.width}.png`, fullPage: true })

      await fillCredentials(page, ADA.email, ADA.password)
      const before = await newestMessageId(request, ADA.email)
      await page.getByRole('button', { name: 'Log In' }).click()
      await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible()
      await page.screenshot({ path: `${DIR}/otp-${viewport.width}.png`, fullPage: true })

      await typeOtp(page, await readOtp(request, ADA.email, before))
      await expect(page.getByRole('heading', { name: 'Welcome Ada' })).toBeVisible()
      await expect(page.locator('[data-account-number]')).toHaveCount(ADA.accounts.length)
      // Let the sign-in toast close so it does not cover the header.
      await expect(page.getByText('Logged in successfully')).toBeHidden({ timeout: 10_000 })
      await page.screenshot({ path: `${DIR}/home-${viewport.width}.png`, fullPage: true })
    })
  })
}

/**
 * Whether any element has moved with one of antd's motions since this was called: an enter or
 * appear motion's `start` or `active` step. (A popup without motion still takes the `prepare`
 * step's class for a frame, to be placed before it shows.)
 */
async function watchMotion(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = window as Window & { koboMotionSeen?: boolean }
    const moving = (element: Element) => /\bant-[a-z-]+-(enter|appear)-(start|active)\b/.test(element.getAttribute('class') ?? '')
    seen.koboMotionSeen = false
    new MutationObserver((changes) => {
      for (const change of changes) {
        const elements =
          change.type === 'attributes'
            ? [change.target as Element]
            : [...change.addedNodes].filter((node): node is Element => node instanceof Element).flatMap((added) => [added, ...added.querySelectorAll('[class]')])
        if (elements.some(moving)) seen.koboMotionSeen = true
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true })
  })
  return () => page.evaluate(() => !!(window as Window & { koboMotionSeen?: boolean }).koboMotionSeen)
}

test("antd's motion follows the device: the user menu slides open, or appears in place when asked for less motion", async ({ page, request }) => {
  const menuButton = page.getByRole('button', { name: /, user menu$/ })
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')
  // Whether the menu moved as it opened: read once it has settled (no motion step's class
  // left on it), since the steps come a frame or more after the menu is first visible.
  const openMenu = async () => {
    const moved = await watchMotion(page)
    await menuButton.click()
    await expect(menu).toBeVisible()
    await expect(menu).not.toHaveClass(/-(enter|appear)(-|\b)/)
    return moved()
  }

  // The journeys' device asks for less motion (playwright.config.ts): the menu appears in place.
  await signIn(page, request, ADA)
  await dismissToasts(page)
  expect(await openMenu()).toBe(false)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  // The customer turns the setting off: the open app follows, and the menu slides open again.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await expect(menuButton).toBeVisible()
  expect(await openMenu()).toBe(true)
})
