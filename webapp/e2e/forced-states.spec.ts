/**
 * Offline only (E2E_MOCK=1, the mock build): screens in states forced the way a front-end
 * developer forces them (docs/frontend.md): `?scenario=` in the URL with the simulator's
 * catalogue ids, and the dev panel. Three failed screens, one pending transfer, and the panel
 * itself, at 1280 and 390 px, as forced-*.png (e2e/screenshots; docs/screenshots with
 * KOBO_DOC_SCREENSHOTS=1).
 */
import { expect, test, type Page } from '@playwright/test'
import { MOCK } from './support'
import { ADA, ADA_ACCOUNTS, GTBANK, choose, codeAfter, dismissToasts, signIn, typeDialogCode } from './money-support'
import { screenshot } from './screenshots'

// What the customer reads, written out here so a changed wording fails: the failed screens'
// titles (`features/dashboard/HomePage.tsx`, `features/history/texts.ts`) and the BFF's
// sentences for a core that does not answer (`CORE_DOWN` in `bff/accounts/service.py`) and
// for an unexpected error (`UNEXPECTED` in `bff/problems.py`), which the mock build answers
// word for word (`src/mocks/forcing/handler.ts`).
const DASHBOARD_FAILED = "We couldn't load your dashboard"
const HISTORY_FAILED = "We couldn't load your transactions"
const ACCOUNTS_UNREACHABLE = 'We could not reach your accounts right now. Please try again shortly.'
const SERVER_ERROR = 'Something went wrong on our side. Please try again.'

test.skip(!MOCK, 'forcing outcomes in the browser is the mock build’s; the real stack takes X-Sim-Scenario')

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

/** The failed state titled `title`: it must show `reason`, the sentence the BFF answers
 * (docs/decisions.md, "Web app: errors are not empty data"), and a Retry. */
async function expectFailed(page: Page, title: string, reason: string) {
  const failed = page.getByTestId('load-failed').filter({ hasText: title })
  await expect(failed).toBeVisible()
  await expect(failed.locator('.kobo-load-failed__reason')).toHaveText(reason)
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible()
}

async function shot(page: Page, name: string, width: number) {
  await page.waitForTimeout(400) // antd's animations
  await screenshot(page, `forced-${name}-${width}`, { doc: true })
}

/** Opens `path` with only `scenario` forced (the tab's earlier choices are dropped first). */
async function openForced(page: Page, path: string, scenario: string) {
  await page.evaluate(() => window.sessionStorage.removeItem('kobo.mock.overrides'))
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}scenario=${scenario}`)
}

for (const viewport of WIDTHS) {
  test.describe(`forced states at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('failed home, history and bill; a pending transfer; the dev panel', async ({ page, request }) => {
      test.setTimeout(120_000)
      const w = viewport.width
      await signIn(page, request, ADA)
      await dismissToasts(page)

      // 1. Home when the core's account reads are down (the simulator's accounts.read.unavailable).
      await openForced(page, '/home', 'accounts.read.unavailable')
      await expectFailed(page, DASHBOARD_FAILED, ACCOUNTS_UNREACHABLE)
      await shot(page, 'home-failed', w)

      // 2. History on a server error, then it survives navigating away and back.
      await openForced(page, '/transaction-history', 'server-error')
      await expectFailed(page, HISTORY_FAILED, SERVER_ERROR)
      await shot(page, 'history-failed', w)
      await page.goto('/home') // a reload: the tab keeps its forced outcomes
      await expectFailed(page, DASHBOARD_FAILED, SERVER_ERROR)

      // 3. A bill the biller refuses (bills.vend.decline-96), on an ordinary number.
      await openForced(page, '/bill-payment', 'bills.vend.decline-96')
      await page.getByRole('button', { name: /^Buy Airtime/ }).click()
      const panel = page.locator('.kobo-bill-drawer')
      await panel.locator('label', { hasText: 'MTN' }).first().click()
      await panel.getByLabel('Mobile Number').fill('08031234501')
      await panel.getByLabel('Amount').fill('500')
      await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`, panel)
      let code = await codeAfter(request, ADA)
      await panel.getByRole('button', { name: 'Proceed' }).click()
      await typeDialogCode(page, await code())
      await expect(page.locator('.kobo-bill-result')).toContainText('not debited')
      await shot(page, 'bill-failed', w)

      // 4. An interbank transfer the switch leaves in progress (nip.transfer.pending-then-00).
      await openForced(page, '/transfer?tab=other-bank', 'nip.transfer.pending-then-00')
      await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
      await choose(page, 'Bank', GTBANK)
      await page.getByLabel('Account Number').fill('9000000014')
      await expect(page.getByTestId('resolved-name')).toBeVisible()
      await page.getByLabel('Amount').fill('1200')
      code = await codeAfter(request, ADA)
      await page.getByRole('button', { name: /Send$/ }).click()
      await typeDialogCode(page, await code())
      await expect(page.getByText('Transfer Pending')).toBeVisible()
      await shot(page, 'transfer-pending', w)

      // 5. The panel: what is forced, and choosing one more outcome for one endpoint.
      await page.keyboard.press('Escape')
      await page.getByTestId('mock-dev-panel-toggle').click()
      const devPanel = page.getByTestId('mock-dev-panel')
      await expect(devPanel).toContainText('nip.transfer.pending-then-00')
      await devPanel.getByLabel('Request kind').click()
      await page.keyboard.type('bills.vend')
      await page.keyboard.press('Enter')
      await devPanel.getByLabel('Outcome').click()
      await page.keyboard.type('timeout-then-00')
      await page.keyboard.press('Enter')
      await devPanel.getByRole('button', { name: 'Force' }).click()
      await expect(devPanel).toContainText('bills.vend → bills.vend.timeout-then-00')
      await shot(page, 'dev-panel', w)
      await devPanel.getByRole('button', { name: 'Clear all' }).click()
      await expect(devPanel).toContainText('Nothing forced')
    })
  })
}
