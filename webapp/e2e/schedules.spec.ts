/**
 * Scheduled payments against the real stack (issue 6): Ada schedules a
 * monthly intra-bank transfer to Tunde from /transfer and approves it with
 * the code, edits it on /scheduled-payment (and approves again with the new
 * code), then the back office moves the BFF's clock past the date and runs
 * due payments (docs/admin-api.md): the payment shows COMPLETED with a tick
 * in the table and on /home. The clock is put back afterwards.
 *
 * Screenshots of the page at 1280 and 390 px (e2e/screenshots; docs/screenshots with
 * KOBO_DOC_SCREENSHOTS=1).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK, SIM_URL, newestMessageId, readOtp } from './support'
import { ADA, ADA_ACCOUNTS, TUNDE_ACCOUNT, choose, closeDetails, codeAfter, coreBalanceKobo, dismissToasts, signIn, typeDialogCode } from './money-support'
import { screenshot } from './screenshots'

test.skip(MOCK, 'the clock and the runner exist only on the real stack')

const AUTH = '/auth/ibanking/personal'
const ADMIN = { email: 'admin@example.com', password: 'Kobo@2026' }
/** Far enough ahead for any date picked below (next month's 15th is at most ~46 days away). */
const SIXTY_DAYS = 60 * 24 * 3600

/** Signs in as the back office through the API (login, then the code from the inbox). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const before = await newestMessageId(request, ADMIN.email)
  const login = await request.post(`${AUTH}/login`, { data: { ...ADMIN, remember: false } })
  expect(login.status(), await login.text()).toBe(200)
  const { userId, userUUID } = (await login.json()) as { userId: number; userUUID: string }
  const otp = await readOtp(request, ADMIN.email, before)
  const session = await request.post(`${AUTH}/otp-verification`, { data: { userId, userUUID, otp } })
  expect(session.status(), await session.text()).toBe(200)
  return ((await session.json()) as { tokenDTO: { accessToken: string } }).tokenDTO.accessToken
}

/**
 * Moves the clock scheduled payments run by. The documented admin call comes
 * first; a BFF that follows the simulator's clock (KOBO_CLOCK_SOURCE=simulator)
 * is moved through the simulator's tester control instead.
 */
async function moveClock(request: APIRequestContext, token: string, seconds: number) {
  const viaAdmin = await request.post('/admin/api/clock', {
    headers: { Authorization: `Bearer ${token}` },
    data: { offsetSeconds: seconds },
  })
  if (viaAdmin.ok()) return
  const viaSim = await request.post(`${SIM_URL}/sim/clock/advance`, { data: { seconds } })
  expect(viaSim.ok(), `admin clock answered ${viaAdmin.status()}, /sim/clock/advance ${viaSim.status()}`).toBeTruthy()
}

/** Puts every clock back to real time. */
async function resetClock(request: APIRequestContext, token: string) {
  const viaAdmin = await request.post('/admin/api/clock', {
    headers: { Authorization: `Bearer ${token}` },
    data: { offsetSeconds: 0 },
  })
  const viaSim = await request.post(`${SIM_URL}/sim/clock/reset`)
  expect(viaAdmin.ok() || viaSim.ok(), 'the clock could not be put back').toBeTruthy()
}

/** Picks the 15th of next month in the open date picker (always in the future, never today). */
async function pickNextMonth15th(page: Page) {
  await page.getByLabel('Payment Date').click()
  const picker = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')
  await picker.locator('.ant-picker-header-next-btn').click()
  await picker.locator('td.ant-picker-cell-in-view', { hasText: /^15$/ }).click()
}

const tableRows = (page: Page) => page.locator('.kobo-schedule-table tbody tr.ant-table-row')

async function screenshots(page: Page) {
  for (const viewport of [
    { width: 1280, height: 800, name: 'desktop' },
    { width: 390, height: 844, name: 'phone' },
  ]) {
    await page.setViewportSize(viewport)
    await page.getByLabel('Search scheduled payments').fill('')
    await expect(tableRows(page).first()).toBeVisible()
    await screenshot(page, `scheduled-payment-${viewport.name}`, { doc: true, fullPage: true })
  }
  // The details modal on a phone.
  await tableRows(page).first().getByRole('button', { name: /^View / }).click()
  const details = page.locator('.ant-modal').filter({ hasText: 'Schedule Payment Details' })
  await expect(details.getByTestId('schedule-details')).toBeVisible()
  await page.waitForTimeout(400)
  await screenshot(page, 'scheduled-payment-details-phone', { doc: true })
  await closeDetails(details)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('schedule a monthly transfer, approve, edit and approve again, run it due: COMPLETED with a tick', async ({ page, request }) => {
  test.setTimeout(180_000)
  const narration = `Sched ${Date.now().toString(36)}`
  await signIn(page, request, ADA)
  await dismissToasts(page)

  // 1. Schedule from /transfer: monthly, once (repeat 1), from next month's 15th.
  await page.goto('/transfer?tab=intra-bank')
  await expect(page.getByRole('heading', { name: 'Make A Transfer' })).toBeVisible()
  await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
  await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
  await expect(page.getByTestId('resolved-name')).toContainText('Tunde Bakare')
  await page.getByLabel('Amount').fill('125')
  await page.getByLabel('Narration (Optional)').fill(narration)
  await page.getByRole('checkbox', { name: 'Schedule this transfer' }).check()
  await page.getByRole('button', { name: /Send$/ }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  await pickNextMonth15th(page)
  await page.getByRole('checkbox', { name: 'Repeat this payment' }).check()
  await choose(page, 'Interval', 'MONTHLY')
  await page.getByLabel('Number of payments').fill('1')

  const before = await coreBalanceKobo(request, ADA_ACCOUNTS.savings)
  let code = await codeAfter(request, ADA)
  await page.getByRole('button', { name: /Send$/ }).click()
  const summary = page.getByTestId('schedule-approval-summary')
  await expect(summary).toContainText('₦125.00')
  await expect(summary).toContainText('Monthly · 1 payment')
  const firstReference = /SCH\d{10}/.exec((await summary.textContent()) ?? '')![0]
  await typeDialogCode(page, await code())
  await expect(page.getByText('Scheduled Payment Approved')).toBeVisible()
  await expect(page.getByLabel('Account Number')).toHaveValue('')
  // Nothing moved yet.
  expect(await coreBalanceKobo(request, ADA_ACCOUNTS.savings)).toBe(before)
  await dismissToasts(page)

  // 2. It is on /scheduled-payment, pending; edit the amount and approve again with the new code.
  await page.goto('/scheduled-payment')
  await expect(page.getByRole('heading', { name: 'Scheduled Payments' })).toBeVisible()
  await page.getByLabel('Search scheduled payments').fill(narration)
  await expect(tableRows(page)).toHaveCount(1)
  const row = tableRows(page).first()
  await expect(row).toContainText(firstReference)
  await expect(row).toContainText('₦125.00')
  await expect(row.locator('.ant-tag:visible')).toHaveText('Pending')
  await row.getByRole('button', { name: `Edit ${firstReference}` }).click()
  const edit = page.locator('.ant-modal').filter({ hasText: 'Edit Scheduled Payment' })
  await expect(edit.getByTestId('resolved-name')).toContainText('Tunde Bakare')
  await edit.getByLabel('Amount').fill('150')
  code = await codeAfter(request, ADA)
  await edit.getByRole('button', { name: /Save Changes/ }).click()
  await expect(page.getByText('Scheduled payment edited successfully')).toBeVisible()
  await expect(edit).toBeHidden()
  const again = page.getByTestId('schedule-approval-summary')
  await expect(again).toContainText('₦150.00')
  const newReference = /SCH\d{10}/.exec((await again.textContent()) ?? '')![0]
  expect(newReference).not.toBe(firstReference)
  await typeDialogCode(page, await code())
  await expect(page.getByText('Scheduled Payment Approved')).toBeVisible()
  await expect(row).toContainText(newReference)
  await expect(row).toContainText('₦150.00')
  await dismissToasts(page)

  // 3. The back office moves the clock past the date and runs due payments; the clock goes back after.
  const admin = await adminToken(request)
  try {
    await moveClock(request, admin, SIXTY_DAYS)
    // Run due payments now (every BFF process also does so every 2 s by itself).
    await request.post('/admin/api/jobs/run-due', { headers: { Authorization: `Bearer ${admin}` } })
    await expect
      .poll(async () => before - (await coreBalanceKobo(request, ADA_ACCOUNTS.savings)), { timeout: 20_000 })
      .toBe(15000)
  } finally {
    await resetClock(request, admin)
  }

  // 4. COMPLETED with a tick in the table and the details…
  await page.reload()
  await page.getByLabel('Search scheduled payments').fill(narration)
  await expect(tableRows(page)).toHaveCount(1)
  const done = tableRows(page).first()
  await expect(done.locator('.ant-tag:visible')).toHaveText('Completed')
  // Green, with a tick.
  await expect(done.locator('.ant-tag-green:visible [aria-label="Completed"]')).toBeVisible()
  await done.getByRole('button', { name: `View ${newReference}` }).click()
  const details = page.locator('.ant-modal').filter({ hasText: 'Schedule Payment Details' })
  await expect(details.getByTestId('schedule-details')).toContainText('1 of 1')
  await expect(details.getByTestId('schedule-details')).toContainText(narration)
  await closeDetails(details)
  await screenshots(page)

  // …and on /home, where the row leads back here.
  await page.goto('/home')
  const list = page.getByRole('list', { name: 'Scheduled payments' })
  const item = list.getByRole('listitem').filter({ hasText: '₦150.00' }).filter({ hasText: 'Tunde Bakare' })
  await expect(item.first()).toHaveAttribute('data-status', 'COMPLETED')
  await expect(item.first().getByLabel('Completed')).toBeVisible()
  await item.first().getByRole('button').click()
  await expect(page).toHaveURL(/\/scheduled-payment/)
  await expect(page.getByTestId('schedule-details')).toContainText(newReference)
})
