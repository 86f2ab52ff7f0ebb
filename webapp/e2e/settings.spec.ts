/**
 * Settings against the real stack (issue 4): a transaction limit set with a
 * code; the password changed with a code (step-up, issue 12; the old one then
 * fails); the second factor switched to Google Authenticator and used to sign
 * in. The last two change credentials, so each uses a customer of its own
 * (e2e/customers.ts): one that fails half-way leaves Ada, whom the other
 * journeys sign in as, untouched, and its retry starts clean.
 */
import { expect, test } from '@playwright/test'
import { MOCK, fillCredentials } from './support'
import {
  ADA,
  ADA_ACCOUNTS,
  choose,
  codeAfter,
  dismissToasts,
  freshTotp,
  signIn,
  signOut,
  typeDialogCode,
  wrongCode,
} from './money-support'
import { freshPersona } from './customers'

test.skip(MOCK, 'these journeys change real credentials and limits')

const NEW_PASSWORD = 'Gbedu#2027x'

test('a transaction limit is set with a code', async ({ page, request }) => {
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await page.goto('/settings?tab=transaction-limit')
  await choose(page, 'Product Type', `Target Savings Account (${ADA_ACCOUNTS.target})`)
  const card = page.getByTestId('limit-card').filter({ hasText: 'Transfers to other banks' })
  await expect(card).toContainText('Daily Transfer Limit')
  await expect(card).toContainText('Maximum amount per transaction')
  await expect(page.getByText(/Your KYC level allows up to ₦5,000,000.00 a day and ₦1,000,000.00 per transaction/)).toBeVisible()

  await card.getByRole('button', { name: /Set Limit/ }).click()
  const modal = page.getByRole('dialog', { name: 'Set Limit' })
  await modal.getByLabel('Daily Transfer Limit').fill('200000')
  await modal.getByLabel('Maximum amount per transaction').fill('50000')
  const code = await codeAfter(request, ADA)
  await modal.getByRole('button', { name: 'Set Limit' }).click()
  await expect(page.getByRole('dialog', { name: 'OTP Verification' })).toBeVisible()
  await typeDialogCode(page, await code())
  await expect(page.getByText('Transaction limit edited successfully')).toBeVisible()
  await expect(card.getByTestId('daily-limit')).toHaveText('₦200,000.00')
  await expect(card.getByTestId('single-limit')).toHaveText('₦50,000.00')
  // Other transfer types keep theirs.
  await expect(page.getByTestId('limit-card').filter({ hasText: 'Kobo to Kobo transfers' }).getByTestId('single-limit')).toHaveText(
    '₦1,000,000.00',
  )
})

test('the password is changed with a code and the old one no longer signs in', async ({ page, request }) => {
  test.setTimeout(120_000) // a customer of its own first: register, verify, onboard, review
  const customer = await freshPersona(request)
  await signIn(page, request, customer)
  await dismissToasts(page)
  await page.goto('/settings?tab=change-password')
  const change = page.getByRole('tabpanel').getByRole('button', { name: 'Change Password' })
  await change.click()
  await expect(page.getByText('Password is required', { exact: true })).toHaveCount(2)
  await expect(page.getByText('Confirm Password is required')).toBeVisible()
  await page.getByLabel('Old Password').fill('Not@2026right')
  await page.getByLabel('New Password').fill(NEW_PASSWORD)
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD)
  await change.click()
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Your old password is incorrect' })).toBeVisible()
  // A refused form sends no code.
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Step-up (issue 12): the form is checked and a code sent; nothing changes until it comes back.
  await page.getByLabel('Old Password').fill(customer.password)
  const code = await codeAfter(request, customer)
  await change.click()
  const dialog = page.getByRole('dialog', { name: 'OTP Verification' })
  await expect(dialog).toContainText('Enter the OTP sent to your registered email & phone number')
  const right = await code()
  await typeDialogCode(page, wrongCode(right))
  await expect(page.getByText('Invalid or expired OTP')).toBeVisible()
  await expect(dialog.getByLabel('Character 1 of 6')).toHaveValue('')
  await expect(page.getByText('Password changed successfully')).toHaveCount(0)
  await expect(page.getByLabel('Old Password')).toHaveValue(customer.password)
  await typeDialogCode(page, right)
  await expect(page.getByText('Password changed successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Old Password')).toHaveValue('')
  await dismissToasts(page)
  await signOut(page)

  await fillCredentials(page, customer.email, customer.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await signIn(page, request, customer, NEW_PASSWORD)
})

test('Google Authenticator becomes the second factor and signs the customer in; then OTP again', async ({ page, request }) => {
  test.setTimeout(180_000)
  const customer = await freshPersona(request)
  await signIn(page, request, customer)
  await dismissToasts(page)
  await page.goto('/settings?tab=2fa')
  const otpOption = page.getByRole('radio', { name: /OTP authentication/ })
  const googleOption = page.getByRole('radio', { name: /Google authenticator/ })
  await expect(otpOption).toHaveAttribute('aria-checked', 'true')
  await expect(otpOption.getByLabel('Active')).toBeVisible()

  // Switching sends an OTP to prove the current factor; the new one is the app's code.
  const currentCode = await codeAfter(request, customer)
  await googleOption.click()
  const setup = page.getByRole('dialog', { name: 'Set up Google Authenticator' })
  await expect(setup.getByRole('img', { name: 'QR code for Google Authenticator' })).toBeVisible()
  const secret = (await setup.getByTestId('setup-code').innerText()).trim()
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await typeDialogCode(page, await freshTotp(secret), 0)
  await typeDialogCode(page, await currentCode(), 1)
  await expect(page.getByText('Google Authenticator set as 2fa successfully')).toBeVisible()
  await expect(googleOption).toHaveAttribute('aria-checked', 'true')

  await dismissToasts(page)
  await signOut(page)
  await signIn(page, request, { ...customer, totpSecret: secret })
  await dismissToasts(page)

  // Back to OTP: the new OTP plus the authenticator's current code.
  await page.goto('/settings?tab=2fa')
  const newOtp = await codeAfter(request, customer)
  await page.getByRole('radio', { name: /OTP authentication/ }).click()
  const back = page.getByRole('dialog', { name: 'Switch to OTP authentication' })
  await expect(back.getByText('Code from your current authenticator app')).toBeVisible()
  await typeDialogCode(page, await newOtp(), 0)
  await typeDialogCode(page, await freshTotp(secret), 1)
  await expect(page.getByText('Otp set as 2fa successfully')).toBeVisible()
  await expect(page.getByRole('radio', { name: /OTP authentication/ })).toHaveAttribute('aria-checked', 'true')
})
