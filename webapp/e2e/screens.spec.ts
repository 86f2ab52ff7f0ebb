/**
 * Screenshots of the main screens at desktop and phone widths, saved to
 * e2e/screenshots/ (git-ignored) for a person to look at.
 */
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { ADA, fillCredentials, newestMessageId, readOtp, typeOtp } from './support'

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
