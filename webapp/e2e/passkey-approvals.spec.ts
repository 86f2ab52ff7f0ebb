/**
 * Approving more than transfers with a passkey (issue 40, part 3), on the real stack with the
 * DevTools protocol's virtual authenticator (user verification on): a passkey added in
 * Settings pays a bill from the bill's own code dialog ("Approve with passkey" first), with
 * pictures of that dialog at 1280 and 390 px. The page is opened at http://localhost:<port>,
 * the origin scripts/stack.py lists in KOBO_WEBAUTHN_ORIGINS.
 */
import { expect, test, type Page } from '@playwright/test'
import { MOCK } from './support'
import { ADA, ADA_ACCOUNTS, choose, codeAfter, coreBalanceKobo, dismissToasts, signIn, typeDialogCode } from './money-support'
import { screenshot } from './screenshots'
import { removePasskeys } from './customers'

test.skip(MOCK, 'the real BFF checks the signatures')
test.use({ baseURL: `http://localhost:${process.env.E2E_BFF_PORT ?? '18000'}` })
// Whatever happened in the journey, Ada leaves without a passkey (e2e/customers.ts).
test.afterEach(async ({ request }) => {
  if (!MOCK) await removePasskeys(request, ADA.email, ADA.password)
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function addVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('WebAuthn.enable')
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

test('a bill paid with a passkey from its own code dialog', async ({ page, request }) => {
  test.setTimeout(150_000)
  await addVirtualAuthenticator(page)
  await signIn(page, request, ADA)
  await dismissToasts(page)

  await page.goto('/settings?tab=2fa')
  const addCode = await codeAfter(request, ADA)
  await page.getByRole('radio', { name: /Passkey \(fingerprint, face or screen lock\)/ }).click()
  await typeDialogCode(page, await addCode())
  await expect(page.getByText('Passkey added successfully')).toBeVisible()
  await dismissToasts(page)

  const before = await coreBalanceKobo(request, ADA_ACCOUNTS.savings)
  await page.goto('/bill-payment')
  await expect(page.getByRole('heading', { name: 'Bills Payment' })).toBeVisible()
  await page.getByRole('button', { name: /^Buy Airtime/ }).click()
  const panel = page.locator('.kobo-bill-drawer')
  await panel.locator('label', { hasText: 'MTN' }).first().click()
  await panel.getByLabel('Mobile Number').fill('08099990001')
  await panel.getByLabel('Amount').fill('750')
  await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`, panel)
  await panel.getByRole('button', { name: 'Proceed' }).click()
  const dialog = page.getByRole('dialog', { name: 'Approve this payment' })
  await expect(dialog).toContainText('₦750.00')
  await expect(dialog).toContainText('08099990001')
  await expect(dialog.getByRole('button', { name: 'Use a code instead' })).toBeVisible()
  await page.waitForTimeout(400) // the dialog's opening animation, for the pictures
  await screenshot(page, 'passkeys-approve-bill-desktop')
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(300)
  await screenshot(page, 'passkeys-approve-bill-phone')
  await page.setViewportSize(DESKTOP)
  await dialog.getByRole('button', { name: /Approve with passkey/ }).click()
  await expect(page.getByTestId('receipt-status')).toContainText('Completed')
  expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(before - 75_000)

  // Removed again, so the journeys after this one find Ada without a passkey.
  await page.goto('/settings?tab=2fa')
  const removeCode = await codeAfter(request, ADA)
  const passkeys = page.locator('section', { has: page.getByRole('heading', { name: 'Your passkeys' }) })
  await passkeys.getByRole('button', { name: 'Remove', exact: true }).click()
  await page.getByRole('dialog', { name: 'Remove this passkey' }).getByRole('button', { name: 'Use a code instead' }).click()
  await typeDialogCode(page, await removeCode())
  await expect(page.getByText('Passkey removed successfully')).toBeVisible()
})
