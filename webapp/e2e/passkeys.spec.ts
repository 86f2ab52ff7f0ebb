/**
 * Passkeys on the real stack (issue 40), in Chromium with the DevTools protocol's virtual
 * authenticator (resident keys, user verification on): add one in Settings after a code,
 * sign out, sign in with it (no code asked) from a browser Kobo has not seen (the new-device
 * alert reaches the simulator's inbox by e-mail and SMS), pay a Kobo customer approving with
 * it, see the devices in Settings, remove it.
 * The page is opened at http://localhost:<port>: a passkey is bound to a domain, and
 * scripts/stack.py lists that origin in KOBO_WEBAUTHN_ORIGINS.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK, messagesFor, newestMessageId } from './support'
import { ADA, ADA_ACCOUNTS, TUNDE_ACCOUNT, choose, closeResult, codeAfter, coreBalanceKobo, dismissToasts, signIn, signOut, typeDialogCode } from './money-support'
import { screenshot } from './screenshots'
import { removePasskeys } from './customers'

test.skip(MOCK, 'the real BFF checks the signatures')
test.use({ baseURL: `http://localhost:${process.env.E2E_BFF_PORT ?? '18000'}` })
// Whatever happened in the journey, Ada leaves without a passkey (e2e/customers.ts).
test.afterEach(async ({ request }) => {
  if (!MOCK) await removePasskeys(request, ADA.email, ADA.password)
})

const ADA_PHONE = '08031234501'
const NEW_DEVICE = 'from a new device'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** A platform authenticator with a fingerprint that always matches. `touched(false)` stands
 * for a customer who has not touched it: the login form's autofill ceremony (conditional
 * mediation), which the virtual authenticator would otherwise answer at once, then waits as
 * it does in a real browser until the customer picks a passkey. */
async function addVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    touched: (enabled: boolean) =>
      devtools.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  }
}

/** The same screen at both widths, then back to the desktop. */
async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-desktop`)
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-phone`)
  await page.setViewportSize(DESKTOP)
}

/** The messages newer than `afterId` (newest first). */
async function messagesSince(request: APIRequestContext, recipient: string, afterId: string | number | null) {
  const all = await messagesFor(request, recipient)
  const end = all.findIndex((m) => m.id === afterId)
  return end === -1 ? all : all.slice(0, end)
}

test('add a passkey, sign in with it, approve a payment with it, remove it', async ({ page, request }) => {
  test.setTimeout(150_000)
  const authenticator = await addVirtualAuthenticator(page)
  const passkeys = page.locator('section', { has: page.getByRole('heading', { name: 'Your passkeys' }) })
  const devices = page.locator('section', { has: page.getByRole('heading', { name: 'Your devices' }) })
  await signIn(page, request, ADA)
  await dismissToasts(page)

  // Settings › 2 Factor Authentication: the third choice, after a code.
  await page.goto('/settings?tab=2fa')
  await expect(page.getByText('No passkeys yet.', { exact: false })).toBeVisible()
  const addCode = await codeAfter(request, ADA)
  await page.getByRole('radio', { name: /Passkey \(fingerprint, face or screen lock\)/ }).click()
  await expect(page.getByRole('dialog', { name: 'Add a passkey' })).toContainText('Enter the OTP sent')
  await typeDialogCode(page, await addCode())
  await expect(page.getByText('Passkey added successfully')).toBeVisible()
  await expect(passkeys.getByText('Chrome on Linux')).toBeVisible()
  await expect(passkeys.getByText('Not used yet')).toBeVisible()
  await expect(page.getByRole('radio', { name: /Passkey/ })).toHaveAttribute('aria-checked', 'true')
  await dismissToasts(page)
  await bothWidths(page, 'passkeys-settings')

  // Signed out, back in with the passkey: no code is sent, none is asked. The browser's
  // cookies are cleared first, so Kobo meets a device it has never seen. The login form's
  // autofill ceremony waits untouched; the button's own ceremony replaces it.
  await authenticator.touched(false)
  await signOut(page)
  await page.context().clearCookies()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /Email or Phone Number/ })).toHaveAttribute('autocomplete', 'username webauthn')
  await bothWidths(page, 'passkeys-login')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible() // still waiting
  const lastMessage = await newestMessageId(request, ADA.email)
  const lastText = await newestMessageId(request, ADA_PHONE)
  await authenticator.touched(true)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Ada' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toHaveCount(0)
  const mails = await messagesSince(request, ADA.email, lastMessage)
  expect(mails.filter((m) => /\b\d{6}\b/.test(m.body))).toEqual([])
  // The new-device alert, by e-mail and by SMS, with no internal codes.
  const alert = mails.find((m) => m.body.includes(NEW_DEVICE))
  expect(alert?.subject).toBe('New sign-in to your Kobo account')
  expect(alert?.body).toContain('(Chrome on Linux)')
  await expect
    .poll(async () => (await messagesSince(request, ADA_PHONE, lastText)).some((m) => m.body.startsWith(`Kobo: someone signed in to your profile ${NEW_DEVICE}`)))
    .toBe(true)
  await dismissToasts(page)

  // Pay Tunde, approving with the passkey.
  const adaBefore = await coreBalanceKobo(request, ADA_ACCOUNTS.savings)
  const tundeBefore = await coreBalanceKobo(request, TUNDE_ACCOUNT)
  await page.goto('/transfer?tab=intra-bank')
  await expect(page.getByTestId('transfer-account-balance').first()).toBeVisible()
  await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
  await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
  await expect(page.getByTestId('resolved-name')).toContainText('Tunde Bakare')
  await page.getByLabel('Amount').fill('1500')
  await page.getByRole('button', { name: /Send$/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('₦1,500.00')
  await expect(dialog.getByRole('button', { name: 'Use a code instead' })).toBeVisible()
  await page.waitForTimeout(400) // the dialog's opening animation, for the pictures
  await bothWidths(page, 'passkeys-approve')
  await dialog.getByRole('button', { name: /Approve with passkey/ }).click()
  await expect(page.locator('.ant-result-title', { hasText: 'Transferred Successfully' })).toBeVisible()
  await expect(page.getByTestId('receipt')).toContainText('Tunde Bakare')
  await closeResult(page)
  expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(adaBefore - 150_000)
  expect(await coreBalanceKobo(request, TUNDE_ACCOUNT)).toBe(tundeBefore + 150_000)

  // Settings lists the devices: this new one first, marked, and the one the passkey was
  // added on (signed out now).
  await page.goto('/settings?tab=2fa')
  await expect(passkeys.getByText('Chrome on Linux')).toBeVisible()
  await expect(passkeys.getByText(/Last used/)).toBeVisible()
  await expect(devices.getByText('This device', { exact: true })).toBeVisible()
  expect(await devices.locator('.ant-list-item').count()).toBeGreaterThanOrEqual(2)
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, 'devices-settings-desktop', { fullPage: true })
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(300)
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, 'devices-settings-phone', { fullPage: true })
  await page.setViewportSize(DESKTOP)

  // Remove the device the passkey was added on (signed out now), approving with the passkey.
  const older = devices.locator('.ant-list-item').filter({ hasNotText: 'This device' }).first()
  const countBefore = await devices.locator('.ant-list-item').count()
  await older.getByRole('button', { name: /^Remove / }).click()
  const removal = page.getByRole('dialog', { name: 'Remove this device' })
  await expect(removal.getByRole('button', { name: /Approve with passkey/ })).toBeVisible()
  await expect(removal.getByRole('button', { name: 'Use a code instead' })).toBeVisible()
  await page.waitForTimeout(400) // the dialog's opening animation, for the pictures
  await bothWidths(page, 'devices-remove')
  await removal.getByRole('button', { name: /Approve with passkey/ }).click()
  await expect(page.getByText('Device removed successfully')).toBeVisible()
  await expect(devices.locator('.ant-list-item')).toHaveCount(countBefore - 1)
  await dismissToasts(page)

  // Remove the passkey, approving with a passkey (itself): the removal's options name it.
  await passkeys.getByRole('button', { name: 'Remove', exact: true }).click()
  const removeDialog = page.getByRole('dialog', { name: 'Remove this passkey' })
  await expect(removeDialog).toContainText('approves only removing this one')
  await removeDialog.getByRole('button', { name: /Approve with passkey/ }).click()
  await expect(page.getByText('Passkey removed successfully')).toBeVisible()
  await expect(page.getByText('No passkeys yet.', { exact: false })).toBeVisible()
})
