/**
 * Phone first (390x844) against the real stack: on /transfer the form's first
 * field is on the first screen and all four transfer kinds are one tap away;
 * the Settings tabs all show; and a code pasted into any one of the code
 * dialog's six boxes fills all six and confirms the transfer.
 *
 * Screenshots of /transfer and /settings at 390 and 1280 px go to
 * e2e/screenshots/ (and /transfer at 390 px to docs/screenshots/ with
 * KOBO_DOC_SCREENSHOTS=1).
 */
import { expect, test, type Page } from '@playwright/test'
import { MOCK, fillCredentials, newestMessageId, readOtp, typeOtp } from './support'
import { ADA, ADA_ACCOUNTS, TUNDE_ACCOUNT, choose, codeAfter, dismissToasts, signIn } from './money-support'
import { NAV_LINKS } from '../src/store/navLinks'
import { screenshot } from './screenshots'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const TRANSFER_TABS = ['Intra Bank Transfer', 'Own Account Transfer', 'Other Bank Transfer', 'Bulk Bank Transfer']
const SETTINGS_TABS = ['Manage Account', 'Change Password', 'Transaction Limit', '2 Factor Authentication', 'Your data']

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400) // let antd's animations finish
  await screenshot(page, name)
}

async function openTransfer(page: Page) {
  await page.goto('/transfer')
  await expect(page.getByRole('heading', { name: 'Make A Transfer' })).toBeVisible()
  await expect(page.getByTestId('transfer-account-balance').first()).toBeAttached()
}

test.describe('phone layout', () => {
  test.use({ viewport: PHONE })

  test('/transfer starts with the form and every transfer kind is one tap away; /settings shows all four tabs', async ({
    page,
    request,
  }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page)
    for (const name of TRANSFER_TABS) await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 })
    await expect(page.getByLabel('From Account', { exact: true })).toBeInViewport()
    await shot(page, 'transfer-390')
    await screenshot(page, 'transfer-phone', { doc: true })

    // Each kind opens with one tap and shows its form at once.
    await page.getByRole('tab', { name: 'Other Bank Transfer' }).click()
    await expect(page.getByRole('tab', { name: 'Other Bank Transfer' })).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(/tab=other-bank/)
    await expect(page.getByLabel('Bank', { exact: true })).toBeInViewport()
    await page.getByRole('tab', { name: 'Bulk Bank Transfer' }).click()
    await expect(page).toHaveURL(/tab=bulk/)

    await page.goto('/settings')
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
    for (const name of SETTINGS_TABS) await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 })
    await expect(page.getByTestId('manage-account-card').first()).toBeVisible()
    await shot(page, 'settings-390')
  })
})

/** Fails when the page is wider than the phone (the customer could drag it sideways), or a
 * table on it scrolls sideways inside itself (columns out of sight: the bulk rows did). */
async function fitsThePhone(page: Page, where: string) {
  await page.waitForTimeout(400) // lists and panels that load after the first paint
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${where} is ${width} px wide on a ${PHONE.width} px phone`).toBeLessThanOrEqual(PHONE.width)
  const hidden = await page.evaluate(() =>
    [...document.querySelectorAll('.ant-table-content')]
      .map((content) => content.scrollWidth - content.clientWidth)
      .filter((px) => px > 0),
  )
  expect(hidden, `${where}: px of tables scrolled out of sight`).toEqual([])
}

test.describe('nothing scrolls sideways on a phone', () => {
  test.skip(MOCK, 'the sign-in code comes from the simulator outbox')
  test.use({ viewport: PHONE })

  test('sign-in, its code step, every page of the menu and every transfer kind fit 390 px', async ({ page, request }) => {
    await page.goto('/')
    await fillCredentials(page, ADA.email, ADA.password)
    await fitsThePhone(page, 'the sign-in page')
    const before = await newestMessageId(request, ADA.email)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible()
    await fitsThePhone(page, 'the sign-in code step')
    await typeOtp(page, await readOtp(request, ADA.email, before))
    await expect(page.getByRole('heading', { name: `Welcome ${ADA.firstName}` })).toBeVisible()
    await dismissToasts(page)
    for (const { path } of NAV_LINKS) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await fitsThePhone(page, path)
    }
    await openTransfer(page)
    for (const tab of TRANSFER_TABS) {
      await page.getByRole('tab', { name: tab }).click()
      await fitsThePhone(page, `/transfer, ${tab}`)
    }
    // A bulk row shows whole, inside its own table too: who is paid, how much, and remove.
    await page.getByRole('button', { name: 'Paste CSV' }).click()
    await page.getByLabel('CSV rows').fill(`${TUNDE_ACCOUNT},090605,300,School fees for the second term`)
    await page.getByRole('button', { name: 'Add rows' }).click()
    const table = page.locator('.kobo-bulk__table')
    await expect(table.locator('tbody tr.ant-table-row')).toContainText('Tunde Bakare')
    const remove = table.getByRole('button', { name: `Remove row ${TUNDE_ACCOUNT}` })
    await remove.scrollIntoViewIfNeeded()
    await expect(remove).toBeInViewport({ ratio: 1 })
    await fitsThePhone(page, '/transfer, a bulk row')
  })
})

test.describe('desktop layout', () => {
  test.use({ viewport: DESKTOP })

  test('/transfer shows the balance panel beside the form; /settings its tabs in a line', async ({ page, request }) => {
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page)
    const panel = await page.locator('.kobo-balance-panel').boundingBox()
    const form = await page.locator('.kobo-transfer-card').boundingBox()
    expect(panel!.x, 'the balance panel is left of the form').toBeLessThan(form!.x)
    await shot(page, 'transfer-1280')
    await page.goto('/settings')
    await expect(page.getByTestId('manage-account-card').first()).toBeVisible()
    await shot(page, 'settings-1280')
  })
})

test.describe('code dialog', () => {
  test.skip(MOCK, 'the code comes from the simulator outbox')
  test.use({ viewport: PHONE })

  test('a code pasted into the fourth box fills all six boxes and confirms the transfer', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, request, ADA)
    await dismissToasts(page)
    await openTransfer(page)

    await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
    await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
    await expect(page.getByTestId('resolved-name')).toContainText('Tunde Bakare')
    await page.getByLabel('Amount').fill('25')
    const code = await codeAfter(request, ADA)
    await page.getByRole('button', { name: /Send$/ }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('₦25.00')
    const digits = await code()

    // Hold the confirmation until the boxes are checked: a complete code submits at once.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/transfer/intrabank/confirm', async (route) => {
      await held
      await route.continue()
    })

    // A real paste (Ctrl+V) of the code as a message would carry it, with a space inside.
    await page.evaluate((text) => navigator.clipboard.writeText(text), `${digits.slice(0, 3)} ${digits.slice(3)}`)
    const boxes = dialog.getByRole('textbox')
    await expect(boxes).toHaveCount(6)
    await boxes.nth(3).focus()
    await page.keyboard.press('ControlOrMeta+V')
    for (const [index, digit] of [...digits].entries()) await expect(boxes.nth(index)).toHaveValue(digit)
    for (const index of [0, 1, 2, 3, 4, 5]) await expect(boxes.nth(index)).toHaveAttribute('maxlength', '1')
    await expect(boxes.first()).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(boxes.first()).toHaveAttribute('inputmode', 'numeric')

    release()
    await expect(page.getByText('Transferred Successfully')).toBeVisible()
  })
})
