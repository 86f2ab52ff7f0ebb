/**
 * Accessibility of every signed-in screen, with axe (@axe-core/playwright), at
 * a desktop and a phone size: Ada signs in once and visits each page; axe's
 * full rule set (WCAG 2.2 A/AA and best practices) must find nothing. The same
 * walk collects the browser console: no page may log a warning or an error.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK } from './support'
import { ADA, TUNDE_ACCOUNT, dismissToasts, signIn } from './money-support'

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

const PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/home', heading: `Welcome ${ADA.firstName}` },
  { path: '/transfer', heading: 'Make A Transfer' },
  { path: '/transaction-history', heading: 'Transaction History' },
  { path: '/bill-payment', heading: 'Bills Payment' },
  { path: '/savings', heading: 'Savings' },
  { path: '/kyc-setting', heading: 'Know Your Customer' },
  { path: '/scheduled-payment', heading: 'Scheduled Payments' },
  { path: '/beneficiary', heading: 'Beneficiary' },
  { path: '/settings', heading: 'Settings' },
  { path: '/customer-service', heading: 'Customer Service' },
]

/** A ticket of Ada's to look at, opened through the API as the app would. */
async function openTicket(page: Page, request: APIRequestContext): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').tokenDTO.accessToken as string)
  const created = await request.post('/api/tickets', {
    headers: { Authorization: `Bearer ${token}` },
    data: { subject: `Card limit question ${Date.now().toString(36)}`, body: 'How do I raise my card limit?', attachments: [] },
  })
  expect(created.status(), await created.text()).toBe(201)
  return ((await created.json()) as { ticket: { id: number } }).ticket.id
}

/** Waits until the page shows its data: its heading, no skeletons, antd's animations over. */
async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 15_000 })
  await page.waitForTimeout(500)
}

/** One line per rule, then up to five offending elements (with the colours, for contrast). */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => {
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined
      const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1` : ''
      return `${n.target.join(' ')}${colours}\n      ${n.html.slice(0, 160)}`
    })
    return `${v.id} (${v.impact}): ${v.help}\n    ${nodes.join('\n    ')}`
  })
}

/** WCAG 2.2 A and AA (target size included) and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.skip(MOCK, 'the ticket is opened through the real API')
    test.use({ viewport })

    test('axe finds no violations and the console stays quiet on every signed-in page', async ({ page, request }) => {
      test.setTimeout(240_000)
      const consoleProblems: string[] = []
      page.on('console', (message) => {
        // Playwright's own notice that it blocked the app's service worker (playwright.config.ts
        // blocks it for every journey but e2e/pwa.spec.ts): the harness speaking, not the app.
        if (message.text() === 'Service Worker registration blocked by Playwright') return
        if (message.type() === 'warning' || message.type() === 'error') {
          consoleProblems.push(`${page.url()} [${message.type()}] ${message.text()}`)
        }
      })

      await signIn(page, request, ADA)
      await dismissToasts(page)
      const ticketId = await openTicket(page, request)
      const pages = [...PAGES, { path: `/customer-service/${ticketId}`, heading: 'Customer Service' }]

      for (const { path, heading } of pages) {
        await page.goto(path)
        await settle(page, heading)
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
        expect.soft(describeViolations(violations), `axe on ${path} at ${viewport.width} px`).toEqual([])
      }

      // A table that only shows once the customer adds to it: the bulk transfer's rows.
      await page.goto('/transfer?tab=bulk')
      await settle(page, 'Make A Transfer')
      await page.getByRole('button', { name: 'Paste CSV' }).click()
      await page.getByLabel('CSV rows').fill(`${TUNDE_ACCOUNT},090605,300,Lunch`)
      await page.getByRole('button', { name: 'Add rows' }).click()
      await expect(page.locator('.kobo-bulk__table tbody tr.ant-table-row')).toContainText('Tunde Bakare')
      await page.waitForTimeout(500)
      const bulk = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
      expect.soft(describeViolations(bulk.violations), `axe on the bulk rows at ${viewport.width} px`).toEqual([])
      expect(consoleProblems, 'console warnings and errors').toEqual([])
    })
  })
}
