/**
 * Disputes and freezing against the real stack (issue 42):
 * - Ada pays another bank's customer, reports "not received" from the transfer's result and
 *   finds the tracking number in the simulator's inbox; the back office refunds it and her
 *   history shows the reversal, linked to the payment, whose dispute reads Refunded.
 * - A declined transfer's "I was debited but it failed" is answered at once.
 * - A refused bill's result offers "Report a problem" too, answered at once the same way; the
 *   bill's details show the report and offer it again.
 * - A customer of the journey's own freezes the account from "I did not make this payment";
 *   a transfer and a bill are refused with the reason; the back office unfreezes.
 * Screenshots at 1280 and 390 px go to e2e/screenshots/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK, SIM_URL } from './support'
import { ADA, ADA_ACCOUNTS, GTBANK, TUNDE_ACCOUNT, choose, closeDialog, codeAfter, dismissToasts, signIn, typeDialogCode } from './money-support'
import { ADMIN, freshPersona, ok, session } from './customers'
import { atBothWidths, screenshot } from './screenshots'

test.skip(MOCK, 'the back office, the outbox and the ledger exist only on the real stack')

const TRACKING = /KOBO-DSP-\d{6}-[A-Z2-9]{6}/

async function payOtherBank(page: Page, request: APIRequestContext, account: string, amount: string) {
  await page.goto('/transfer?tab=other-bank')
  await expect(page.getByTestId('transfer-account-balance').first()).toBeVisible()
  await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
  await choose(page, 'Bank', GTBANK)
  await page.getByLabel('Account Number').fill(account)
  await expect(page.getByTestId('resolved-name')).toBeVisible()
  await page.getByLabel('Amount').fill(amount)
  const code = await codeAfter(request, ADA)
  await page.getByRole('button', { name: /Send$/ }).click()
  await typeDialogCode(page, await code())
}

async function inboxHas(request: APIRequestContext, recipient: string, text: string) {
  await expect
    .poll(async () => {
      const inbox = (await (await request.get(`${SIM_URL}/sim/messages`, { params: { recipient, limit: 5 } })).json()) as { body: string }[]
      return inbox.some((m) => m.body.includes(text))
    })
    .toBe(true)
}

test('not received: reported from the result, acknowledged in the inbox, refunded, reversal in history', async ({ page, request }) => {
  test.setTimeout(120_000)
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await payOtherBank(page, request, '9000000014', '300')
  await expect(page.locator('.ant-result-title', { hasText: 'Transferred Successfully' })).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('report-problem').click()
  const form = page.getByRole('dialog', { name: 'Report a problem with this payment' })
  await form.getByLabel('The recipient has not received it').check()
  await form.getByLabel('Tell us more (optional)').fill('Adaeze says nothing has arrived.')
  await atBothWidths(page, 'dispute-form')
  await form.getByRole('button', { name: 'Send report' }).click()
  const number = (await form.getByTestId('tracking-number').textContent())!.trim()
  expect(number).toMatch(TRACKING)
  await expect(form).toContainText(/We will answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT/)
  await atBothWidths(page, 'dispute-received')
  await inboxHas(request, ADA.email, number)
  await inboxHas(request, '08031234501', number)
  await closeDialog(form, form.getByRole('button', { name: 'Done' }))

  // Customer Service shows it beside the tickets, with the countdown.
  await page.goto('/customer-service')
  const row = page.getByTestId('dispute-row').filter({ hasText: number })
  await expect(row).toContainText('Received')
  await expect(row.getByTestId('dispute-countdown')).toContainText(/left/)
  await screenshot(page, 'disputes-list')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'disputes-list-phone', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The back office refunds it.
  const admin = await session(request, ADMIN.email, ADMIN.password)
  const queue = (await (await ok(await request.get('/admin/api/disputes', { headers: admin.headers }))).json()) as { trackingNumber: string }[]
  expect(queue.map((d) => d.trackingNumber)).toContain(number)
  const refunded = (await (await ok(await request.post(`/admin/api/disputes/${number}/refund`, { headers: admin.headers }))).json()) as {
    refundReference: string
    paymentReference: string
  }
  await inboxHas(request, '08031234501', 'We have refunded ₦300.00')

  // History: the reversal, and the payment's details show the dispute refunded, linked back.
  await page.goto('/transaction-history')
  await page.getByLabel('Search transactions').fill('Reversal')
  const reversal = page.getByTestId('history-row').filter({ hasText: 'Reversal: transfer to' }).first()
  await expect(reversal).toBeVisible({ timeout: 15_000 })
  await reversal.click()
  await expect(page.getByTestId('transaction-details')).toContainText(refunded.refundReference)
  await page.keyboard.press('Escape')
  await page.goto(`/transaction-history?reference=${refunded.paymentReference}`)
  const linked = page.getByTestId('linked-dispute')
  await expect(linked).toContainText('Refunded')
  await expect(linked).toContainText(refunded.refundReference)
  await screenshot(page, 'dispute-refunded-details')
  await page.setViewportSize({ width: 390, height: 844 })
  // The details are taller than a phone: the shot shows the reported problem, at the bottom.
  await page.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight))
  await expect(linked).toBeInViewport()
  await screenshot(page, 'dispute-refunded-details-phone')
})

test("a declined transfer's 'debited but it failed' is answered at once", async ({ page, request }) => {
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await payOtherBank(page, request, '9000000021', '150')
  await expect(page.locator('.ant-result-title', { hasText: 'Transfer Failed' })).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('report-problem').click()
  const form = page.getByRole('dialog', { name: 'Report a problem with this payment' })
  await expect(form.getByLabel('I was debited but it failed')).toBeChecked()
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(form.getByTestId('report-done')).toContainText(/Your money was not taken: the ₦150\.00 hold was released on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\./)
  await expect(form.getByTestId('dispute-status')).toHaveText('Answered')
  await atBothWidths(page, 'dispute-answered')
})

test("a refused bill's result offers 'Report a problem', answered at once; the bill's details show it", async ({ page, request }) => {
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await page.goto('/bill-payment')
  await page.getByRole('button', { name: /^Buy Airtime/ }).click()
  const panel = page.locator('.kobo-bill-drawer')
  await panel.locator('label', { hasText: 'MTN' }).first().click()
  await panel.getByLabel('Mobile Number').fill('08099990002') // the biller refuses this number
  await panel.getByLabel('Amount').fill('120')
  await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`, panel)
  const code = await codeAfter(request, ADA)
  await panel.getByRole('button', { name: 'Proceed' }).click()
  await typeDialogCode(page, await code())

  const result = page.locator('.kobo-bill-result')
  await expect(result.locator('.ant-result-title')).toHaveText('Payment Failed')
  const reference = (await result.getByTestId('receipt-reference').textContent())!
  await expect(result.getByTestId('report-problem')).toBeVisible()
  await screenshot(page, 'bill-failed-report')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'bill-failed-report-phone')
  await result.getByTestId('report-problem').click()
  const form = page.getByRole('dialog', { name: 'Report a problem with this payment' })
  await expect(form.getByLabel('I was debited but it failed')).toBeChecked()
  await form.getByRole('button', { name: 'Send report' }).click()
  await expect(form.getByTestId('report-done')).toContainText(/Your money was not taken: the ₦120\.00 /)
  await expect(form.getByTestId('dispute-status')).toHaveText('Answered')
  await screenshot(page, 'bill-dispute-answered-phone')
  await closeDialog(form, form.getByRole('button', { name: 'Done' }))
  await closeDialog(result, result.getByRole('button', { name: 'Close' }))
  // The panel stays open with its values for another try.
  await panel.locator('.ant-drawer-close').click()
  await expect(panel).toBeHidden()

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByLabel('Search bill payments').fill(reference)
  const row = page.locator('.kobo-bill-table tbody tr.ant-table-row').first()
  await row.getByRole('button', { name: /View/ }).click()
  const details = page.getByRole('dialog', { name: 'Bill Payment Details' })
  await expect(details.getByTestId('linked-dispute')).toContainText('Answered')
  await expect(details.getByTestId('report-problem')).toBeVisible()
  await screenshot(page, 'bill-details-dispute')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'bill-details-dispute-phone')
})

test('freeze: refused transfer and bill with the reason, then the back office unfreezes', async ({ page, request }) => {
  test.setTimeout(180_000)
  const customer = await freshPersona(request)
  await signIn(page, request, customer)
  await dismissToasts(page)
  await page.goto('/settings')
  const card = page.getByTestId('freeze-card')
  await card.getByRole('button', { name: /Freeze my account now/ }).click()
  await expect(card.getByTestId('frozen-state')).toContainText('Your account is frozen since')
  await screenshot(page, 'freeze-settings')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'freeze-settings-phone', { fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  // A transfer and a bill are refused with the reason (the session stays).
  const own = await session(request, customer.email, customer.password)
  const accounts = (await (await ok(await request.get('/api/accounts', { headers: own.headers }))).json()) as { accountNumber: string }[]
  const source = accounts[0].accountNumber
  const transfer = await request.post('/api/transfer/intrabank', {
    headers: own.headers,
    data: { sourceAccountNumber: source, destinationAccountNumber: TUNDE_ACCOUNT, amount: 100, description: 'frozen' },
  })
  expect(transfer.status()).toBe(409)
  expect(((await transfer.json()) as { detail: string }).detail).toMatch(/^Your account is frozen, so no money can leave it/)
  const bill = await request.post('/api/utility/providers/airtime/vend/initiate', {
    headers: own.headers,
    data: { nuban: source, utilityProductType: 'AIRTIME', phoneNumber: '08099990001', amount: 100, airtimeProviderCode: 'MTN' },
  })
  expect(bill.status()).toBe(409)
  // In the app too: the transfer form says why, and the customer is still signed in.
  await page.goto('/transfer?tab=intra-bank')
  await choose(page, 'From Account', `Savings Account (${source})`)
  await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
  await expect(page.getByTestId('resolved-name')).toBeVisible()
  await page.getByLabel('Amount').fill('100')
  await page.getByRole('button', { name: /Send$/ }).click()
  await expect(page.getByText(/Your account is frozen, so no money can leave it/).first()).toBeVisible()
  await atBothWidths(page, 'freeze-transfer-refused')

  // The back office unfreezes; Settings shows it.
  const admin = await session(request, ADMIN.email, ADMIN.password)
  const frozen = (await (await ok(await request.get('/admin/api/customers/frozen', { headers: admin.headers }))).json()) as { userId: number; email: string }[]
  const mine = frozen.find((c) => c.email === customer.email)!
  await ok(await request.post(`/admin/api/customers/${mine.userId}/unfreeze`, { headers: admin.headers }))
  await page.goto('/settings')
  await expect(page.getByTestId('freeze-card').getByRole('button', { name: /Freeze my account now/ })).toBeVisible()
})
