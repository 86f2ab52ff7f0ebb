/**
 * Transaction history against the real stack (issue 8): Ada filters her busy
 * current account (over a thousand ledger lines) by type and dates, opens a
 * transaction's details; she requests a PDF statement, which arrives as an
 * e-mail attachment in the simulator's outbox (/sim/messages). Read-only for
 * balances, so it does not care which journeys ran before it.
 *
 * `KOBO_DOC_SCREENSHOTS=1` also writes docs/screenshots/transaction-history-{desktop,phone}.png.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { MOCK, SIM_URL } from './support'
import { ADA, ADA_ACCOUNTS, choose, closeDetails, dismissToasts, signIn } from './money-support'
import { REFRESH_DOCS, screenshot } from './screenshots'

const CURRENT = `Current Account (${ADA_ACCOUNTS.current})`

const pad = (n: number) => String(n).padStart(2, '0')
const wireDay = (d: Date) => `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
const dayOf = (text: string) => {
  const [d, m, y] = text.split('-').map(Number)
  return new Date(y, m - 1, d)
}

interface SimMessage {
  id: number
  channel: 'SMS' | 'EMAIL'
  recipient: string
  subject: string | null
  body: string
  attachments: { name: string; contentType: string; size: number; content: string }[]
}

async function emailsFor(request: APIRequestContext, recipient: string): Promise<SimMessage[]> {
  const response = await request.get(`${SIM_URL}/sim/messages`, { params: { recipient, channel: 'EMAIL', limit: 20 } })
  expect(response.ok(), `GET /sim/messages answered ${response.status()}`).toBeTruthy()
  return (await response.json()) as SimMessage[]
}

const rows = (page: Page) => page.getByTestId('history-row')
const totalOf = async (page: Page) => Number((await page.getByTestId('history-total').innerText()).replace(/\D/g, ''))

/** Types a day into an antd DatePicker and confirms it. */
async function typeDate(picker: Locator, day: string) {
  await picker.click()
  await picker.fill(day)
  await picker.press('Enter')
}

async function openHistory(page: Page, request: APIRequestContext) {
  await signIn(page, request, ADA)
  await dismissToasts(page)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transaction History' }).click()
  await expect(page).toHaveURL(/\/transaction-history$/)
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible()
  await expect(rows(page)).toHaveCount(10)
}

test.skip(MOCK, 'reads the statement e-mail from the simulator')

test('history is filtered and a transaction opened', async ({ page, request }) => {
  await openHistory(page, request)
  await expect(page.getByRole('columnheader')).toHaveText(['Date', 'Time', 'Details', 'Transaction Type', 'Amount'])
  const everything = await totalOf(page)

  // The busy current account alone: over a thousand lines, paged on the server.
  await choose(page, 'Account', CURRENT)
  await expect.poll(() => totalOf(page)).toBeLessThan(everything)
  const accountTotal = await totalOf(page)
  expect(accountTotal).toBeGreaterThan(1000)
  await expect(page.getByText(`1-10 of ${accountTotal.toLocaleString('en-US')}`)).toBeVisible()

  // Credits of the last 30 days.
  await choose(page, 'Transaction Type', 'Credit')
  const from = wireDay(daysAgo(30))
  const to = wireDay(new Date())
  await typeDate(page.getByLabel('From', { exact: true }), from)
  await typeDate(page.getByLabel('To', { exact: true }), to)
  await expect.poll(() => totalOf(page)).toBeLessThan(accountTotal)
  const filtered = await totalOf(page)
  expect(filtered).toBeGreaterThan(0)
  const count = await rows(page).count()
  expect(count).toBe(Math.min(10, filtered))
  expect(await rows(page).getByTestId('transaction-type').allInnerTexts()).toEqual(Array(count).fill('Credit'))
  for (const amount of await rows(page).getByTestId('amount').allInnerTexts()) expect(amount).toMatch(/^\+₦\d{1,3}(,\d{3})*\.\d{2}$/)
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain(ADA_ACCOUNTS.current)
  for (const date of await rows(page).locator('td:first-child').allInnerTexts()) {
    expect(dayOf(date.trim()).getTime()).toBeGreaterThanOrEqual(dayOf(from).getTime())
    expect(dayOf(date.trim()).getTime()).toBeLessThanOrEqual(dayOf(to).getTime())
  }

  // The newest of them, in the Transaction Details modal: the money came to Ada's current account.
  const first = rows(page).first()
  const narration = await first.locator('td').nth(2).locator('button').innerText()
  const amount = await first.getByTestId('amount').innerText()
  await first.click()
  const details = page.getByRole('dialog', { name: 'Transaction Details' })
  await expect(details).toBeVisible()
  // The headline names the other party as the row does (the name is also in the narration
  // and the source account's name, so a plain text search finds it more than once).
  await expect(details.getByTestId('details-counterparty')).toContainText(narration)
  await expect(details.getByTestId('amount')).toHaveText(amount)
  const value = (label: string) => details.locator('tr', { has: page.getByText(label, { exact: true }) }).locator('td')
  await expect(value('Destination Account Number')).toHaveText(ADA_ACCOUNTS.current)
  await expect(value('Destination Account Name')).toHaveText('Ada Okafor')
  await expect(value('Source Account Name')).not.toHaveText('')
  await expect(value('Session ID')).toBeVisible()
  await expect(value('Date')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
  await closeDetails(details)
})

test('a PDF statement is requested and arrives by e-mail', async ({ page, request }) => {
  await openHistory(page, request)
  const from = wireDay(daysAgo(30))
  const to = wireDay(new Date())
  const before = (await emailsFor(request, ADA.email))[0]?.id ?? 0
  await page.getByRole('button', { name: 'Request Statement' }).click()
  const modal = page.getByRole('dialog', { name: 'Request Statement' })
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Request Statement' }).click()
  await expect(modal.getByText('This field is required')).toHaveCount(4)
  await typeDate(modal.getByLabel('Start Date'), from)
  await typeDate(modal.getByLabel('End Date'), to)
  await choose(page, 'Account', CURRENT, modal)
  await modal.getByText('PDF', { exact: true }).click()
  await modal.getByRole('button', { name: 'Request Statement' }).click()
  await expect(page.getByText('Bank statement requested successfully and will be sent to your mail shortly')).toBeVisible()
  await expect(modal).toBeHidden()

  let mail: SimMessage | undefined
  await expect
    .poll(
      async () => {
        mail = (await emailsFor(request, ADA.email)).find((m) => m.id > before && m.attachments.length > 0)
        return mail?.attachments[0]?.name
      },
      { message: 'the statement e-mail in /sim/messages', timeout: 30_000 },
    )
    .toBe(`statement-${ADA_ACCOUNTS.current}.pdf`)
  const [file] = mail!.attachments
  expect(file.contentType).toBe('application/pdf')
  expect(file.size).toBeGreaterThan(1000)
  expect(Buffer.from(file.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
  expect(mail!.body).toContain(ADA_ACCOUNTS.current)
})

test('a statement of more than a year cannot be asked for', async ({ page, request }) => {
  await openHistory(page, request)
  await page.getByRole('button', { name: 'Request Statement' }).click()
  const modal = page.getByRole('dialog', { name: 'Request Statement' })
  await typeDate(modal.getByLabel('Start Date'), wireDay(daysAgo(400)))
  // The calendar offers no end date more than a year after the start, nor one before it.
  await modal.getByLabel('End Date').click()
  await modal.getByLabel('End Date').fill(wireDay(new Date()))
  await modal.getByLabel('End Date').press('Enter')
  await choose(page, 'Account', CURRENT, modal)
  await modal.getByText('Excel', { exact: true }).click()
  await modal.getByRole('button', { name: 'Request Statement' }).click()
  await expect(modal.getByText('This field is required')).toHaveCount(1)
  await expect(modal).toBeVisible()
})

/** A row's or the details' "Balance After" (the details' two-column layout, at 1280 px). */
const balanceIn = (details: Locator) => details.locator('tr', { hasText: 'Balance After' }).locator('.ant-descriptions-item-content')

test("details opened by ?reference= show the balance after, as from the payment's row", async ({ page, request }) => {
  await openHistory(page, request)
  const details = page.getByRole('dialog', { name: 'Transaction Details' })
  // The newest line that moved money: a failed or held payment (other journeys leave some
  // on Ada's history) has no balance after it, truthfully "—".
  let reference = ''
  let balance = ''
  for (let row = 0; row < 10 && !/^₦/.test(balance); row++) {
    await rows(page).nth(row).click()
    await expect(details.getByText('Session ID')).toBeVisible()
    reference = (await details.locator('tr', { hasText: 'Reference Number' }).locator('.ant-descriptions-item-content').innerText()).trim()
    balance = (await balanceIn(details).innerText()).trim()
    await closeDetails(details)
  }
  expect(balance).toMatch(/^₦[\d,]+\.\d{2}$/)

  await page.goto(`/transaction-history?reference=${reference}`)
  await expect(details.getByText('Session ID')).toBeVisible()
  await expect(balanceIn(details)).toHaveText(balance)
  await page.waitForTimeout(400)
  await screenshot(page, 'transaction-history-reference-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForTimeout(400)
  await screenshot(page, 'transaction-history-reference-phone')
})

test('at 390 px: a failed read says it once (no toast), and a toast never covers the heading', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, request, ADA)
  // The sign-in's toast, an action's outcome: at the bottom, clear of the page's heading.
  const toast = page.locator('.ant-notification-notice')
  await expect(toast).toHaveCount(1)
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
  const box = await toast.boundingBox()
  expect(box!.y).toBeGreaterThan(heading!.y + heading!.height)
  expect(box!.x).toBeGreaterThanOrEqual(8)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390 - 8)
  await page.waitForTimeout(400)
  await screenshot(page, 'toast-action-phone')
  await dismissToasts(page)

  // Every read fails as the simulator's server error would: the failed state, once.
  const problem = { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Something went wrong on our side. Please try again.' }
  await page.route(/\/api\/(ibanking\/personal\/transactions|accounts)(\?|$)/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify(problem) }),
  )
  await page.goto('/transaction-history')
  const failed = page.getByTestId('load-failed')
  await expect(failed).toContainText("We couldn't load your transactions")
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByText(problem.detail)).toHaveCount(1)
  await page.waitForTimeout(1000)
  await expect(toast).toHaveCount(0)
  await screenshot(page, 'failed-read-phone')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.waitForTimeout(400)
  await screenshot(page, 'failed-read-desktop')

  // Retry once the reads answer, then an action at 1280 px: its toast, bottom right. (Retry
  // asks for the transactions; the statement's accounts come with the page, so it reloads.)
  await page.unrouteAll()
  await failed.getByRole('button', { name: 'Retry' }).click()
  await expect(rows(page)).toHaveCount(10)
  await page.reload()
  await expect(rows(page)).toHaveCount(10)
  await page.getByRole('button', { name: 'Request Statement' }).click()
  const modal = page.getByRole('dialog', { name: 'Request Statement' })
  await typeDate(modal.getByLabel('Start Date'), wireDay(daysAgo(7)))
  await typeDate(modal.getByLabel('End Date'), wireDay(new Date()))
  await choose(page, 'Account', CURRENT, modal)
  await modal.getByText('Excel', { exact: true }).click()
  await modal.getByRole('button', { name: 'Request Statement' }).click()
  await expect(modal).toBeHidden()
  await expect(toast).toHaveCount(1)
  const action = page.getByRole('button', { name: 'Request Statement' })
  const [actionBox, toastBox] = [await action.boundingBox(), await toast.boundingBox()]
  expect(toastBox!.y).toBeGreaterThan(actionBox!.y + actionBox!.height)
  await page.waitForTimeout(400)
  await screenshot(page, 'toast-action-desktop')
})

test('screenshots at desktop and phone width', async ({ page, request }) => {
  test.skip(!REFRESH_DOCS, 'set KOBO_DOC_SCREENSHOTS=1 to refresh docs/screenshots')
  await openHistory(page, request)
  await page.waitForTimeout(400)
  await screenshot(page, `transaction-history-desktop`, { doc: true })
  await rows(page).first().click()
  await expect(page.getByRole('dialog', { name: 'Transaction Details' })).toBeVisible()
  await page.waitForTimeout(600)
  await screenshot(page, `transaction-history-details-desktop`, { doc: true })
  await closeDetails(page.getByRole('dialog', { name: 'Transaction Details' }))
  await page.getByRole('button', { name: 'Request Statement' }).click()
  await page.waitForTimeout(600)
  await screenshot(page, `transaction-history-statement-desktop`, { doc: true })
  await page.keyboard.press('Escape')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(rows(page)).toHaveCount(10)
  await page.waitForTimeout(400)
  await screenshot(page, `transaction-history-phone`, { doc: true, fullPage: true })
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.waitForTimeout(300)
  await screenshot(page, `transaction-history-filters-phone`, { doc: true })
  await rows(page).first().click()
  await page.waitForTimeout(600)
  await screenshot(page, `transaction-history-details-phone`, { doc: true })
})
