/**
 * Payment fraud against the real stack (docs/contract.md §16), every journey at 1280 and at
 * 390 px. Outcomes are forced as a tester forces them: X-Sim-Scenario on one request (the e2e
 * stack lets scenarios through, KOBO_ALLOW_SIM_SCENARIOS), added by the browser's router.
 * - a step-up: the warning, the box ticked, the code, completed;
 * - a hold the back office releases (admin API): the customer's result turns Completed;
 * - a hold nobody decides: the back office's clock moves past the 24-hour deadline and the
 *   jobs run; the customer's result says it was cancelled, and the money is back;
 * - the instant-transfer switch: off with no code, a transfer refused with the way to Settings,
 *   on with the code, the transfer goes (a customer of the journey's own, funded by Ada);
 * - a returning profile's selfie: refused payments, Confirm it's you, a failed try, a pass.
 * Shared personas are read, not changed: the switch and the selfie use customers of their own.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK, newestMessageId, readOtp } from './support'
import { ADMIN, PASSWORD, ok, onboardedCustomer, selfie, session, type Session } from './customers'
import { ADA, ADA_ACCOUNTS, TUNDE_ACCOUNT, choose, closeResult, codeAfter, coreBalanceKobo, dismissToasts, signIn, typeDialogCode, type Persona } from './money-support'
import { screenshot } from './screenshots'

test.skip(MOCK, 'the back office, the clock and the core are the real stack’s')

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

const HELD = /^This payment is waiting for a check by our team\. The money is reserved in your account and has not been sent\./
const EXPIRED = 'Cancelled: our team could not check it in time. The money was not sent and is back in your account. You can send it again.'
const SWITCHED_OFF =
  'Instant transfers are switched off on your profile, so no transfer can leave it. Switch them on in Settings, under Security, with a code.'
const SELFIE_OWED = "Please confirm it is you with a selfie before you send money: Settings, Security, Confirm it's you."

/** The next POST to `path` carries `scenario` in X-Sim-Scenario (the one request a tester forces). */
async function forceNext(page: Page, path: string, scenario: string) {
  let used = false
  await page.route(`**${path}`, async (route) => {
    if (used || route.request().method() !== 'POST') return route.continue()
    used = true
    await route.continue({ headers: { ...route.request().headers(), 'X-Sim-Scenario': scenario } })
  })
}

async function openTransfer(page: Page) {
  await page.goto('/transfer?tab=intra-bank')
  await expect(page.getByRole('heading', { name: 'Make A Transfer' })).toBeVisible()
  await expect(page.getByTestId('transfer-account-balance').first()).toBeVisible()
}

/** The intra-bank form filled in: from `account` to Tunde, `amount` naira. */
async function fillToTunde(page: Page, account: string, amount: string) {
  await choose(page, 'From Account', account)
  await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
  await expect(page.getByTestId('resolved-name')).toContainText('Tunde Bakare')
  await page.getByLabel('Amount').fill(amount)
}

const send = (page: Page) => page.getByRole('button', { name: /Send$/ }).click()
const savings = `Savings Account (${ADA_ACCOUNTS.savings})`

/** A customer of the journey's own, onboarded, with `naira` sent to them by Ada (API, code and all). */
async function fundedCustomer(request: APIRequestContext, naira: number): Promise<Persona & { account: string; api: Session }> {
  const { person, email } = await onboardedCustomer(request)
  const api = await session(request, email, PASSWORD)
  const [account] = (await (await ok(await request.get('/api/accounts', { headers: api.headers }))).json()) as { accountNumber: string }[]
  const ada = await session(request, ADA.email, ADA.password)
  const before = await newestMessageId(request, ADA.email)
  const started = await request.post('/api/transfer/intrabank', {
    headers: ada.headers,
    data: { sourceAccountNumber: ADA_ACCOUNTS.current, destinationAccountNumber: account.accountNumber, amount: naira, description: 'Fraud journey float' },
  })
  expect(started.status(), await started.text()).toBe(201)
  const { id } = (await started.json()) as { id: string }
  const otp = await readOtp(request, ADA.email, before)
  await ok(await request.post('/api/transfer/intrabank/confirm', { headers: ada.headers, data: { id, otp } }))
  return { email, password: PASSWORD, firstName: person.firstName, account: account.accountNumber, api }
}

/** The held payment's review in the back office's queue. */
async function reviewOf(request: APIRequestContext, admin: Session, reference: string) {
  let id: string | undefined
  await expect
    .poll(async () => {
      const queue = (await (await ok(await request.get('/admin/api/risk/queue', { headers: admin.headers }))).json()) as {
        id: string
        kind: string
        paymentReference: string | null
      }[]
      id = queue.find((item) => item.kind === 'PAYMENT' && item.paymentReference === reference)?.id
      return id
    }, { message: `the review of ${reference} in /admin/api/risk/queue` })
    .toBeTruthy()
  return id!
}

/** Sends Ada's ₦`amount` to Tunde with `risk.check.hold` forced: the held result, and its reference. */
async function heldTransfer(page: Page, request: APIRequestContext, amount: string) {
  await openTransfer(page)
  await fillToTunde(page, savings, amount)
  await forceNext(page, '/api/transfer/intrabank', 'risk.check.hold')
  const code = await codeAfter(request, ADA)
  await send(page)
  await typeDialogCode(page, await code())
  const result = page.locator('.kobo-transfer-result')
  await expect(result.locator('.ant-result-title')).toHaveText('Held for a check')
  await expect(result.locator('.ant-result-subtitle')).toHaveText(HELD)
  await expect(result.getByTestId('receipt-status')).toHaveText('Held for review')
  await expect(result.getByTestId('receipt')).toContainText('Tunde Bakare')
  return (await result.getByTestId('receipt-reference').innerText()).trim()
}

for (const width of WIDTHS) {
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport })

    test('a step-up: the warning, the box ticked, the code, completed', async ({ page, request }) => {
      await signIn(page, request, ADA)
      await dismissToasts(page)
      const before = await coreBalanceKobo(request, ADA_ACCOUNTS.savings)
      await openTransfer(page)
      await fillToTunde(page, savings, '4321')
      await forceNext(page, '/api/transfer/intrabank', 'risk.check.step-up')
      const code = await codeAfter(request, ADA)
      await send(page)

      const warning = page.getByRole('dialog')
      await expect(warning.locator('.ant-modal-title')).toHaveText('Check before you send')
      await expect(warning.getByRole('listitem').first()).toHaveText('This payment is unusual for your profile.')
      await expect(warning.getByText(/^Has anyone asked you to send this money/)).toBeVisible()
      const go = warning.getByRole('button', { name: 'Continue' })
      await expect(go).toBeDisabled()
      await warning.getByRole('checkbox', { name: 'I understand, and no one asked me to send this money' }).check()
      await expect(go).toBeEnabled()
      await screenshot(page, `fraud-step-up-warning-${width.name}`, { doc: true })
      await go.click()

      await typeDialogCode(page, await code())
      await expect(page.locator('.ant-result-title', { hasText: 'Transferred Successfully' })).toBeVisible()
      await closeResult(page)
      expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(before - 432100)
    })

    test('a hold the back office releases: the customer sees it completed', async ({ page, request }) => {
      test.setTimeout(120_000)
      const admin = await session(request, ADMIN.email, ADMIN.password)
      await signIn(page, request, ADA)
      await dismissToasts(page)
      const tunde = await coreBalanceKobo(request, TUNDE_ACCOUNT)
      const reference = await heldTransfer(page, request, '2345')
      await screenshot(page, `fraud-held-${width.name}`, { doc: true })
      // Reserved, not sent.
      expect(await coreBalanceKobo(request, TUNDE_ACCOUNT)).toBe(tunde)

      const review = await reviewOf(request, admin, reference)
      await ok(await request.post(`/admin/api/risk/reviews/${review}/release`, { headers: admin.headers }))
      // The result's status checks find it sent.
      await expect(page.locator('.kobo-transfer-result .ant-result-title')).toHaveText('Transferred Successfully', { timeout: 30_000 })
      await expect(page.getByTestId('receipt-status')).toHaveText('Completed')
      await closeResult(page)
      expect(await coreBalanceKobo(request, TUNDE_ACCOUNT)).toBe(tunde + 234500)
    })

    test('a hold nobody decides is cancelled at its deadline and the money is back', async ({ page, request }) => {
      test.setTimeout(120_000)
      const admin = await session(request, ADMIN.email, ADMIN.password)
      await signIn(page, request, ADA)
      await dismissToasts(page)
      const before = await coreBalanceKobo(request, ADA_ACCOUNTS.savings)
      await heldTransfer(page, request, '1357')
      expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(before - 135700)

      // The back office's clock a day and an hour on, the jobs run, the clock back.
      try {
        await ok(await request.post('/admin/api/clock', { headers: admin.headers, data: { offsetSeconds: 25 * 3600 } }))
        await ok(await request.post('/admin/api/jobs/run-due', { headers: admin.headers }))
      } finally {
        await ok(await request.post('/admin/api/clock', { headers: admin.headers, data: { offsetSeconds: 0 } }))
      }
      const result = page.locator('.kobo-transfer-result')
      await expect(result.locator('.ant-result-subtitle')).toHaveText(EXPIRED, { timeout: 30_000 })
      await screenshot(page, `fraud-hold-expired-${width.name}`, { doc: true })
      expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(before)
      await closeResult(page, 'Close')
      // The balance panel says so too.
      await page.getByRole('button', { name: 'Show balance of all accounts' }).click()
      const naira = (before / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
      await expect(page.locator(`[data-account-number="${ADA_ACCOUNTS.savings}"]`)).toContainText(`₦${naira}`)
    })

    test('instant transfers: off with no code, a transfer refused, on with the code, the transfer goes', async ({ page, request }) => {
      test.setTimeout(180_000)
      const customer = await fundedCustomer(request, 5000)
      await signIn(page, request, customer)
      await dismissToasts(page)

      // Settings › Security: on; off takes one confirmation and no code.
      await page.goto('/settings')
      const card = page.getByTestId('instant-transfers-card')
      const toggle = card.getByRole('switch', { name: 'Instant transfers' })
      await expect(toggle).toBeChecked()
      await toggle.click()
      await page.locator('.ant-popconfirm-buttons').getByRole('button', { name: 'Switch off' }).click()
      await expect(toggle).not.toBeChecked()
      await expect(card.getByTestId('instant-transfers-message')).toHaveText(/^Instant transfers are off\./)
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, `fraud-switch-off-${width.name}`, { doc: true })

      // A transfer is refused under the form, with the way to Settings.
      await openTransfer(page)
      const own = `Savings Account (${customer.account})`
      await fillToTunde(page, own, '700')
      // The account is new: its cap is told beside the form.
      await expect(page.getByText(new RegExp(`^Account ${customer.account} is new: until .* \\(West Africa Time\\) it can send up to ₦20,000`))).toBeVisible()
      await screenshot(page, `fraud-new-account-cap-${width.name}`, { doc: true })
      await send(page)
      const refusal = page.getByRole('alert').filter({ hasText: SWITCHED_OFF })
      await expect(refusal).toBeVisible()
      await screenshot(page, `fraud-switched-off-refusal-${width.name}`, { doc: true })
      await refusal.getByRole('button', { name: 'Open Settings' }).click()
      await expect(page).toHaveURL(/\/settings#security$/)

      // On again: the code.
      await expect(toggle).not.toBeChecked()
      const code = await codeAfter(request, customer)
      await toggle.click()
      await expect(page.getByRole('dialog').locator('.ant-modal-title')).toHaveText('Switch instant transfers on')
      await typeDialogCode(page, await code())
      await expect(toggle).toBeChecked()
      await expect(card.getByTestId('instant-transfers-message')).toHaveText('Instant transfers are on again.')

      // The transfer goes.
      await dismissToasts(page)
      await openTransfer(page)
      await fillToTunde(page, own, '700')
      const again = await codeAfter(request, customer)
      await send(page)
      await typeDialogCode(page, await again())
      await expect(page.locator('.ant-result-title', { hasText: 'Transferred Successfully' })).toBeVisible()
      expect(await coreBalanceKobo(request, customer.account)).toBe(500000 - 70000)
    })

    test("a returning profile: payments wait for a selfie; a failed try, then a pass", async ({ page, request }) => {
      test.setTimeout(180_000)
      const { person, email } = await onboardedCustomer(request)
      // Frozen and unfrozen by the customer (a new password and a code): a selfie is owed.
      const api = await session(request, email, PASSWORD)
      await ok(await request.post('/api/ibanking/personal/freeze', { headers: api.headers }))
      const fresh = 'Kobo@2027!'
      const unfreeze = '/api/ibanking/personal/unfreeze'
      const before = await newestMessageId(request, email)
      await ok(await request.post(unfreeze, { headers: api.headers, data: { newPassword: fresh, confirmPassword: fresh } }), 202)
      const otp = await readOtp(request, email, before)
      await ok(await request.post(unfreeze, { headers: api.headers, data: { newPassword: fresh, confirmPassword: fresh, otp } }))
      const customer: Persona = { email, password: fresh, firstName: person.firstName }

      await signIn(page, request, customer)
      await dismissToasts(page)
      await openTransfer(page)
      const [account] = (await (await ok(await request.get('/api/accounts', { headers: api.headers }))).json()) as { accountNumber: string }[]
      await fillToTunde(page, `Savings Account (${account.accountNumber})`, '100')
      await send(page)
      const refusal = page.getByRole('alert').filter({ hasText: SELFIE_OWED })
      await expect(refusal).toBeVisible()
      await refusal.getByRole('button', { name: 'Open Settings' }).click()

      // Settings › Security › Confirm it's you: no camera in this browser, so a photo.
      const card = page.getByTestId('liveness-card')
      await expect(card.getByText("Confirm it's you")).toBeVisible()
      await card.getByRole('button', { name: /Take selfie/ }).click()
      await expect(card.getByText(/^Your camera is not available here/)).toBeVisible()
      await forceNext(page, '/api/ibanking/personal/liveness', 'identity.liveness.fail')
      await card.getByLabel('Selfie photo').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: selfie() })
      await expect(card.getByAltText('Your selfie')).toBeVisible()
      await screenshot(page, `fraud-liveness-picture-${width.name}`, { doc: true })
      await card.getByRole('button', { name: 'Use this photo' }).click()
      const failed = card.getByTestId('liveness-failed')
      await expect(failed).toContainText('We could not match your selfie to your BVN photo.')
      await expect(failed).toContainText('2 tries left')
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, `fraud-liveness-failed-${width.name}`, { doc: true })

      // Again, with no scenario: it matches, and money may leave.
      await card.getByLabel('Selfie photo').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: selfie() })
      await card.getByRole('button', { name: 'Use this photo' }).click()
      await expect(card.getByTestId('liveness-passed')).toContainText('Thank you. Your selfie matches your BVN photo.')
      await screenshot(page, `fraud-liveness-passed-${width.name}`, { doc: true })
      const state = (await (await ok(await request.get('/api/ibanking/personal/liveness', { headers: api.headers }))).json()) as { status: string }
      expect(state.status).toBe('PASSED')
    })
  })
}
