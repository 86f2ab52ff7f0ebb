/**
 * The walking skeleton end to end: sign in with a code read from the
 * simulator's outbox, see the dashboard with Ada's three accounts, log out.
 */
import { expect, test } from '@playwright/test'
import { ADA, fillCredentials, newestMessageId, readOtp, typeOtp } from './support'

test('Ada signs in with a one-time code, sees her accounts and logs out', async ({ page, request }) => {
  await page.goto('/')
  await fillCredentials(page, ADA.email, ADA.password)
  const before = await newestMessageId(request, ADA.email)
  await page.getByRole('button', { name: 'Log In' }).click()

  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible()
  await expect(page.getByText('Enter OTP sent to registered email & phone number')).toBeVisible()
  await typeOtp(page, await readOtp(request, ADA.email, before))

  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('Logged in successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Welcome Ada' })).toBeVisible()
  await expect(page.getByText('User Dashboard')).toBeVisible()
  for (const accountNumber of ADA.accounts) {
    await expect(page.locator(`[data-account-number="${accountNumber}"]`)).toBeVisible()
  }
  // Balances stay hidden until asked for.
  await expect(page.getByTestId('account-balance').first()).toHaveText(/\*+/)

  // A person waits for the toast to go before reaching for the menu under it; so does the test.
  await expect(page.getByText('Logged in successfully')).toBeHidden({ timeout: 10_000 })
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => window.localStorage.getItem('userInfo'))).toBeNull()

  // The session is gone: the dashboard now sends the visitor back to the login page.
  await page.goto('/home')
  await expect(page).toHaveURL(/\/$/)
})

test('a wrong password stays on the login step with the server message', async ({ page }) => {
  await page.goto('/')
  await fillCredentials(page, ADA.email, 'not-the-password')
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})
