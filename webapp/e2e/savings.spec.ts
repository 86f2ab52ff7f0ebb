/**
 * Savings (docs/contract.md §17) on the real stack: Ada's pockets opened through the core,
 * the simulator's clock moved 31 days so the end of day pays a month's interest and a locked
 * pocket matures; the page at both widths, a top-up, and breaking a locked pocket after the
 * forfeit is shown, with the code. The clock is put back afterwards.
 * Offline (E2E_MOCK=1): a pocket's movements in their drawer at 1280 and 390 px, from the
 * mocks' months of seeded lines (savings-history-desktop.png, savings-history-phone.png).
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { MOCK, SIM_URL } from './support'
import { ADA, ADA_ACCOUNTS, dismissToasts, signIn } from './money-support'
import { atBothWidths, screenshot } from './screenshots'

const CUSTOMER = 'CIF00000001'
const run = Date.now().toString(36)

async function open(request: APIRequestContext, body: Record<string, unknown>) {
  const opened = await request.post(`${SIM_URL}/core/savings/pockets`, {
    data: { customerId: CUSTOMER, sourceAccount: ADA_ACCOUNTS.savings, reference: `e2e-${run}-${body.name}`, ...body },
  })
  expect(opened.status(), await opened.text()).toBe(201)
}

test('savings: pockets earn, a locked one matures, another is broken after its forfeit is shown', async ({ page, request }) => {
  test.skip(MOCK, 'the end of day runs only on the real stack')
  // A month of end of day and both widths' screenshots: about two minutes on a busy CI box.
  test.setTimeout(240_000)
  await open(request, { product: 'FLEXIBLE', name: 'Rainy day', amountKobo: 25_000_000 })
  await open(request, { product: 'LOCKED', name: 'School fees', amountKobo: 10_000_000, termDays: 30 })
  await open(request, { product: 'GOAL', name: 'New phone', amountKobo: 9_000_000, targetKobo: 45_000_000, targetDate: '2030-09-01' })
  try {
    await request.post(`${SIM_URL}/sim/clock/advance`, { data: { seconds: 31 * 86_400 } })
    expect((await request.post(`${SIM_URL}/sim/savings/end-of-day`)).ok()).toBeTruthy()
    // A locked pocket opened after the jump, to break.
    await open(request, { product: 'LOCKED', name: 'Rent', amountKobo: 20_000_000, termDays: 180 })

    await signIn(page, request, ADA)
    await dismissToasts(page)
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Savings' }).click()
    await expect(page.getByRole('heading', { name: 'Savings', level: 1 })).toBeVisible()
    const schoolFees = page.locator('.kobo-savings__pocket', { hasText: 'School fees' }).first()
    await expect(schoolFees).toContainText(/Matured on/)
    const rainy = page.locator('.kobo-savings__pocket', { hasText: 'Rainy day' }).first()
    await expect(rainy).toContainText('Interest to date')
    await atBothWidths(page, 'savings', { fullPage: true, doc: true })

    await rainy.getByRole('button', { name: 'Top up' }).click()
    await page.getByLabel('Amount').fill('5000')
    await page.getByRole('dialog').getByRole('button', { name: 'Top up' }).click()
    await expect(page.getByText('Money added to your savings')).toBeVisible()

    // The pocket's own movements, through the BFF: the top-up, the month's interest and tax.
    await rainy.getByRole('button', { name: 'Movements' }).click()
    const drawer = page.getByRole('dialog', { name: 'Movements: Rainy day' })
    await expect(drawer.getByTestId('pocket-movement').first()).toContainText('Savings top-up: Rainy day')
    await expect(drawer).toContainText('Interest on Flexible savings')
    await expect(drawer).toContainText('Withholding tax on interest')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    const rent = page.locator('.kobo-savings__pocket', { hasText: 'Rent' }).first()
    await rent.getByRole('button', { name: 'Break' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Breaking Rent now gives up')
    await atBothWidths(page, 'savings-break', { doc: true })
  } finally {
    await request.post(`${SIM_URL}/sim/clock/reset`)
  }
})

test("savings offline: a pocket's movements, newest first, at both widths", async ({ page, request }) => {
  test.skip(!MOCK, "the mocks seed months of a pocket's movements; the real stack's journey is above")
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await page.goto('/savings')
  const rainy = page.locator('.kobo-savings__pocket', { hasText: 'Rainy day' }).first()
  await rainy.getByRole('button', { name: 'Movements' }).click()
  const drawer = page.getByRole('dialog', { name: 'Movements: Rainy day' })
  await expect(drawer.getByTestId('pocket-movement').first()).toContainText('Withholding tax on interest')
  await expect(drawer).toContainText('Interest on Flexible savings')
  await expect(drawer).toContainText('11 movements')
  await page.waitForTimeout(400) // the drawer's slide
  await screenshot(page, 'savings-history-desktop', { doc: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(drawer.getByTestId('pocket-movement').first()).toBeVisible()
  await page.waitForTimeout(400) // antd re-lays out on resize
  await screenshot(page, 'savings-history-phone', { doc: true })
  // At phone width the drawer is the whole screen, and nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
