/**
 * Receipts against the real stack: for each money flow (intra-bank, own
 * account, other bank, other bank Pending then Completed, an electricity
 * bill) the payment is made, the reference is read on the success screen,
 * and the dashboard, the history, the Transaction Details and the receipt PDF
 * all name the recipient and carry that same reference; no page shows a
 * ledger code (GL-, HOLD-, SEED-) or a raw WORD_WORD/ narration.
 * `KOBO_DOC_SCREENSHOTS=1` also writes docs/screenshots/receipt-*.png (works
 * with E2E_MOCK=1 too).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { MOCK } from './support'
import {
  ADA,
  ADA_ACCOUNTS,
  GTBANK,
  TUNDE_ACCOUNT,
  choose,
  closeDetails,
  closeDialog,
  closeResult,
  codeAfter,
  dismissToasts,
  signIn,
  typeDialogCode,
} from './money-support'
import { REFRESH_DOCS, screenshot } from './screenshots'

const TRANSACTIONS = '/api/ibanking/personal/transactions'

/** What must never reach a screen: ledger codes and raw posting narrations. */
const LEDGER_CODES = /GL-|HOLD-|SEED-/
const RAW_NARRATION = /[A-Z]+_[A-Z_]+\//

async function expectNoLedgerCodes(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text, 'a ledger code on the page').not.toMatch(LEDGER_CODES)
  expect(text, 'a raw narration on the page').not.toMatch(RAW_NARRATION)
}

/** The page's own bearer token, for calls made beside the page. */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}')?.tokenDTO?.accessToken as string)
}

async function openTransfer(page: Page, tab: string) {
  await page.goto(`/transfer?tab=${tab}`)
  await expect(page.getByRole('heading', { name: 'Make A Transfer' })).toBeVisible()
  await expect(page.getByTestId('transfer-account-balance').first()).toBeVisible()
}

/** The receipt on the success screen: the reference and the recipient it names. */
async function readReceipt(receipt: Locator) {
  await expect(receipt.getByRole('button', { name: /Share receipt$/ })).toBeVisible()
  await expect(receipt.getByRole('button', { name: /Download receipt$/ })).toBeVisible()
  const reference = (await receipt.getByTestId('receipt-reference').innerText()).trim()
  expect(reference).not.toMatch(LEDGER_CODES)
  expect(reference.length).toBeGreaterThan(5)
  return reference
}

/** Sends one transfer from the open tab and returns its receipt once the outcome is final. */
async function sendTransfer(page: Page, request: APIRequestContext, finalTitle = 'Transferred Successfully') {
  const send = page.getByRole('button', { name: /Send$/ })
  await expect(send).toBeEnabled()
  const code = await codeAfter(request, ADA)
  await send.click()
  await typeDialogCode(page, await code())
  const receipt = page.locator('.kobo-transfer-result').getByTestId('receipt')
  await expect(receipt.locator('.ant-result-title')).toHaveText(finalTitle, { timeout: 60_000 })
  return receipt
}

/**
 * The same reference and the recipient's name everywhere after the payment:
 * dashboard (on screen: the name; in its answer: the reference), history (a
 * search by the reference), Transaction Details, and the receipt PDF and PNG.
 */
async function checkEverywhere(page: Page, request: APIRequestContext, reference: string, name: string) {
  const token = await tokenOf(page)
  const auth = { Authorization: `Bearer ${token}` }

  await page.goto('/home')
  const recent = page.getByRole('list', { name: 'Recent transactions' })
  await expect(recent).toContainText(name)
  await expectNoLedgerCodes(page)
  const summary = await request.get('/api/client-summary', { headers: auth })
  expect(summary.ok()).toBeTruthy()
  const recentItems = ((await summary.json()) as { recentTransactions: { referenceNumber?: string; counterpartyName?: string | null }[] })
    .recentTransactions
  expect(recentItems.find((t) => t.referenceNumber === reference)?.counterpartyName).toBe(name)

  await page.goto('/transaction-history')
  await page.getByLabel('Search transactions').fill(reference)
  const rows = page.getByTestId('history-row')
  await expect(rows.first()).toContainText(reference)
  const row = rows.filter({ hasText: name }).first()
  await expect(row).toBeVisible()
  await expectNoLedgerCodes(page)
  await row.click()
  const details = page.getByRole('dialog', { name: 'Transaction Details' })
  await expect(details).toBeVisible()
  const value = (label: string) => details.locator('tr', { has: page.getByText(label, { exact: true }) }).locator('td')
  await expect(value('Reference Number')).toHaveText(reference)
  await expect(details.getByTestId('details-counterparty')).toContainText(name)
  await expect(details.getByRole('button', { name: /Share receipt$/ })).toBeVisible()
  await expectNoLedgerCodes(page)
  // The details' Download receipt saves the PDF of this reference.
  const download = page.waitForEvent('download')
  await details.getByRole('button', { name: /Download receipt$/ }).click()
  expect((await download).suggestedFilename()).toBe(`kobo-receipt-${reference}.pdf`)
  await closeDetails(details)

  const pdf = await request.get(`${TRANSACTIONS}/${encodeURIComponent(reference)}/receipt`, { headers: auth })
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toContain('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const png = await request.get(`${TRANSACTIONS}/${encodeURIComponent(reference)}/receipt`, { headers: auth, params: { format: 'png' } })
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toContain('image/png')
  // Nobody else gets it: without the owner's token the receipt is not there.
  const anonymous = await request.get(`${TRANSACTIONS}/${encodeURIComponent(reference)}/receipt`)
  expect([401, 403, 404]).toContain(anonymous.status())
}

test.describe('receipts on the real stack', () => {
  test.skip(MOCK, 'the journeys follow one reference through the real BFF')
  test.describe.configure({ timeout: 120_000 })

  test('intra-bank: the reference on the success screen is the one in dashboard, history, details and receipt', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page, 'intra-bank')
    await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
    await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
    await expect(page.getByTestId('resolved-name')).toContainText('Tunde Bakare')
    await page.getByLabel('Amount').fill('1500')
    await page.getByLabel('Narration (Optional)').fill('Receipt journey')
    const receipt = await sendTransfer(page, request)
    await expect(receipt).toContainText('Tunde Bakare')
    await expect(receipt).toContainText('₦1,500.00')
    await expect(receipt.getByTestId('receipt-status')).toHaveText('Completed')
    await expect(receipt).not.toContainText(TUNDE_ACCOUNT)
    await expectNoLedgerCodes(page)
    const reference = await readReceipt(receipt)
    await closeResult(page)
    await checkEverywhere(page, request, reference, 'Tunde Bakare')
  })

  test('own account: savings to current, one reference for life', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page, 'own-account')
    await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
    await choose(page, 'To Account', `Current Account (${ADA_ACCOUNTS.current})`)
    await page.getByLabel('Amount').fill('700')
    const receipt = await sendTransfer(page, request)
    const name = (await receipt.locator('dd strong').first().innerText()).trim()
    expect(name).not.toMatch(LEDGER_CODES)
    await expectNoLedgerCodes(page)
    const reference = await readReceipt(receipt)
    await closeResult(page)
    await checkEverywhere(page, request, reference, name)
  })

  test('other bank: Adaeze Nwosu at GTBank, named everywhere, never a settlement account', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page, 'other-bank')
    await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
    await choose(page, 'Bank', GTBANK)
    await page.getByLabel('Account Number').fill('9000000014')
    await expect(page.getByTestId('resolved-name')).toContainText('Adaeze Nwosu')
    await page.getByLabel('Amount').fill('2000')
    const receipt = await sendTransfer(page, request)
    await expect(receipt).toContainText('Adaeze Nwosu')
    await expect(receipt).toContainText(GTBANK)
    await expect(receipt).toContainText('900****014')
    await expectNoLedgerCodes(page)
    const reference = await readReceipt(receipt)
    await closeResult(page)
    await checkEverywhere(page, request, reference, 'Adaeze Nwosu')
  })

  test('other bank: Pending first (09), then Completed; the reference does not change', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page, 'other-bank')
    await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
    await choose(page, 'Bank', GTBANK)
    // Magic account 9000000045: the switch answers 09 (pending), then 00 after 5 s.
    await page.getByLabel('Account Number').fill('9000000045')
    await expect(page.getByTestId('resolved-name')).not.toBeEmpty()
    // The look-up reads "Name · Bank": the name is the part before the dot.
    const name = (await page.getByTestId('resolved-name').innerText()).split('·')[0].trim()
    await page.getByLabel('Amount').fill('1200')
    const code = await codeAfter(request, ADA)
    await page.getByRole('button', { name: /Send$/ }).click()
    await typeDialogCode(page, await code())
    const receipt = page.locator('.kobo-transfer-result').getByTestId('receipt')
    await expect(receipt.locator('.ant-result-title')).toHaveText('Transfer Pending', { timeout: 30_000 })
    await expect(receipt.getByTestId('receipt-status')).toHaveText('Pending')
    const pendingReference = await readReceipt(receipt)
    await expectNoLedgerCodes(page)
    await expect(receipt.locator('.ant-result-title')).toHaveText('Transferred Successfully', { timeout: 60_000 })
    await expect(receipt.getByTestId('receipt-status')).toHaveText('Completed')
    expect(await readReceipt(receipt)).toBe(pendingReference)
    await closeResult(page)
    await checkEverywhere(page, request, pendingReference, name)
    // The history shows it as completed now, not pending.
    await page.getByLabel('Search transactions').fill(pendingReference)
    // (By its tag and amount: the magic payee is called "Peace Pending".)
    const row = page.getByTestId('history-row').first()
    await expect(row).toContainText(pendingReference)
    await expect(row.locator('.ant-tag', { hasText: /^Pending$/ })).toHaveCount(0)
    await expect(row.getByTestId('amount')).toHaveClass(/kobo-history-amount--debit/)
  })

  test('electricity bill: the token on the receipt, the same reference in history, details and receipt', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await page.goto('/bill-payment')
    await page.getByRole('button', { name: /^Pay Electricity Bill/ }).click()
    const panel = page.locator('.kobo-bill-drawer')
    await choose(page, 'Distribution Company', 'Ikeja Electric', panel)
    await choose(page, 'Meter Type', 'Prepaid', panel)
    await panel.getByLabel('Meter Number').fill('45000000001')
    await panel.getByRole('button', { name: 'Get Meter Details' }).click()
    await expect(panel.getByTestId('bill-holder-name')).toHaveText('Kemi Adeyinka')
    await panel.getByLabel('Amount').fill('1000')
    await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`, panel)
    const code = await codeAfter(request, ADA)
    await panel.getByRole('button', { name: 'Proceed' }).click()
    await typeDialogCode(page, await code())

    const receipt = page.locator('.kobo-bill-result').getByTestId('receipt')
    await expect(receipt.locator('.ant-result-title')).toHaveText('Payment Successful', { timeout: 30_000 })
    await expect(receipt.getByTestId('receipt-token-digits')).toHaveText(/^\d{4}(-\d{4}){4}$/)
    await expect(receipt).toContainText('Kemi Adeyinka')
    await expectNoLedgerCodes(page)
    const reference = await readReceipt(receipt)
    const billResult = page.locator('.kobo-bill-result')
    await closeDialog(billResult, billResult.getByRole('button', { name: 'Done' }))
    // The history names the biller (counterpartyName), e.g. "Ikeja Electric"; the narration names the meter.
    await page.goto('/transaction-history')
    await page.getByLabel('Search transactions').fill(reference)
    const row = page.getByTestId('history-row').first()
    await expect(row).toContainText(reference)
    const biller = (await row.getByTestId('history-counterparty').innerText()).split('·')[0].trim()
    expect(biller).not.toMatch(LEDGER_CODES)
    await checkEverywhere(page, request, reference, biller)
  })
})

/** Lets a modal finish fading in. */
const settle = (page: Page) => page.waitForTimeout(700)

test('screenshots of the transfer receipt and the details with receipt actions', async ({ page, request }) => {
  test.skip(!REFRESH_DOCS, 'set KOBO_DOC_SCREENSHOTS=1 to refresh docs/screenshots')
  test.setTimeout(120_000)
  await signIn(page, request, ADA)
  await dismissToasts(page)
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport)
    await openTransfer(page, 'other-bank')
    await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
    await choose(page, 'Bank', GTBANK)
    await page.getByLabel('Account Number').fill('9000000014')
    await expect(page.getByTestId('resolved-name')).toContainText('Adaeze Nwosu')
    await page.getByLabel('Amount').fill('25000')
    await page.getByLabel('Narration (Optional)').fill('School fees')
    const receipt = await sendTransfer(page, request)
    const reference = await readReceipt(receipt)
    await dismissToasts(page)
    await settle(page)
    await screenshot(page, `receipt-success-${size}`, { doc: true })
    await closeResult(page)

    await page.goto('/transaction-history')
    // The mock's history is generated, not posted to: there the newest row stands in.
    if (!MOCK) await page.getByLabel('Search transactions').fill(reference)
    await page.getByTestId('history-row').first().click()
    const details = page.getByRole('dialog', { name: 'Transaction Details' })
    await expect(details.getByRole('button', { name: /Download receipt$/ })).toBeVisible()
    await dismissToasts(page)
    await settle(page)
    await screenshot(page, `receipt-details-${size}`, { doc: true })
    await closeDetails(details)
  }
})
