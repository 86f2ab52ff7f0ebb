/**
 * Screenshots of the money-movement screens at desktop and phone widths, into
 * e2e/screenshots/ (git-ignored), for a person to look at: /home with each
 * panel open, every Settings tab, every /transfer tab with the code dialog and
 * a Pending result, and /beneficiary.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK } from './support'
import { ADA, ADA_ACCOUNTS, GTBANK, TUNDE_ACCOUNT, choose, closeResult, codeAfter, dismissToasts, signIn, typeDialogCode } from './money-support'
import { screenshot } from './screenshots'

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

async function shot(page: Page, name: string, width: number, fullPage = true) {
  await page.waitForTimeout(400) // let antd's open animations finish
  await screenshot(page, `${name}-${width}`, { fullPage })
}

/** Saved beneficiaries make the table worth looking at; created through the API as the app
 * would: each one asked for, then confirmed with the code the customer is sent. */
async function seedBeneficiaries(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').tokenDTO.accessToken as string)
  const headers = { Authorization: `Bearer ${token}` }
  const existing = (await (await request.get('/api/beneficiaries', { headers })).json()) as { accountNumber: string }[]
  const wanted = [
    { beneficiaryName: 'Tunde (Abuja)', bankCode: '090605', accountNumber: '1020000218' },
    { beneficiaryName: 'Adaeze — rent', bankCode: '000013', accountNumber: '9000000014' },
    { beneficiaryName: 'Peace Pending', bankCode: '000013', accountNumber: '9000000045' },
  ]
  for (const b of wanted) {
    if (existing.some((e) => e.accountNumber === b.accountNumber)) continue
    const body = { ...b, accountName: '', bankName: '' }
    const code = await codeAfter(request, ADA)
    expect((await request.post('/api/beneficiaries', { headers, data: body })).status()).toBe(202)
    const saved = await request.post('/api/beneficiaries', { headers, data: { ...body, otp: await code() } })
    expect(saved.status(), await saved.text()).toBe(201)
  }
}

for (const viewport of WIDTHS) {
  test.describe(`money screens at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('home panels, settings tabs, transfer tabs and dialogs, beneficiaries', async ({ page, request }) => {
      test.setTimeout(150_000)
      const w = viewport.width
      await signIn(page, request, ADA)
      await dismissToasts(page)
      await expect(page.getByTestId('account-card').first()).toBeVisible()

      await page.getByRole('button', { name: 'Add account' }).click()
      await shot(page, 'home-add-menu', w, false)
      await page.getByRole('menuitem', { name: /Create Account/ }).click()
      await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible()
      await shot(page, 'home-create-account', w, false)
      await page.getByRole('dialog', { name: 'Create Account' }).getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Add account' }).click()
      await page.getByRole('menuitem', { name: /Fund Account/ }).click()
      await expect(page.getByTestId('fund-account-number')).toBeVisible()
      await shot(page, 'home-fund-account', w, false)
      await page.keyboard.press('Escape')

      for (const tab of ['manage-account', 'change-password', 'transaction-limit', '2fa']) {
        await page.goto(`/settings?tab=${tab}`)
        await expect(page.getByRole('tab', { selected: true })).toBeVisible()
        if (tab === 'manage-account') await expect(page.getByTestId('manage-account-card').first()).toBeVisible()
        if (tab === 'transaction-limit') await expect(page.getByTestId('limit-card').first()).toBeVisible()
        if (tab === '2fa') await expect(page.getByRole('radio', { checked: true })).toBeVisible()
        await shot(page, `settings-${tab}`, w)
      }

      await seedBeneficiaries(page, request)
      for (const tab of ['intra-bank', 'own-account', 'other-bank', 'bulk']) {
        await page.goto(`/transfer?tab=${tab}`)
        await expect(page.getByTestId('transfer-account-balance').first()).toBeVisible()
        await shot(page, `transfer-${tab}`, w)
      }

      // The code dialog of an intra-bank transfer (cancelled: nothing moves).
      await page.goto('/transfer?tab=intra-bank')
      await choose(page, 'From Account', `Savings Account (${ADA_ACCOUNTS.savings})`)
      await page.getByLabel('Account Number').fill(TUNDE_ACCOUNT)
      await expect(page.getByTestId('resolved-name')).toBeVisible()
      await page.getByLabel('Amount').fill('5000')
      await page.getByLabel('Narration (Optional)').fill('Weekend groceries')
      await shot(page, 'transfer-filled', w)
      await page.getByRole('button', { name: /Send$/ }).click()
      await expect(page.getByRole('dialog', { name: 'OTP Verification' })).toBeVisible()
      await shot(page, 'transfer-code-dialog', w, false)
      await page.getByRole('dialog', { name: 'OTP Verification' }).getByRole('button', { name: 'Cancel' }).click()

      // A Pending result: GTBank 9000000045 answers "in progress" first.
      if (!MOCK) {
        await page.goto('/transfer?tab=other-bank')
        await choose(page, 'From Account', `Current Account (${ADA_ACCOUNTS.current})`)
        await choose(page, 'Bank', GTBANK)
        await page.getByLabel('Account Number').fill('9000000045')
        await expect(page.getByTestId('resolved-name')).toBeVisible()
        await page.getByLabel('Amount').fill('1200')
        const code = await codeAfter(request, ADA)
        await page.getByRole('button', { name: /Send$/ }).click()
        await typeDialogCode(page, await code())
        await expect(page.getByText('Transfer Pending')).toBeVisible({ timeout: 30_000 })
        await shot(page, 'transfer-pending', w, false)
        await expect(page.locator('.ant-result-title', { hasText: 'Transferred Successfully' })).toBeVisible({ timeout: 60_000 })
        await shot(page, 'transfer-pending-completed', w, false)
        await closeResult(page)
      }

      await page.goto('/beneficiary')
      await expect(page.locator('.kobo-beneficiary-table tbody tr.ant-table-row').first()).toBeVisible()
      await dismissToasts(page)
      await shot(page, 'beneficiary', w)
      await page.getByRole('button', { name: 'Create a Beneficiary' }).click()
      await page.getByRole('dialog').getByLabel('Beneficiary Name').fill('Landlord')
      await page.getByRole('dialog').getByLabel('Account Number').fill(TUNDE_ACCOUNT)
      await expect(page.getByRole('dialog').getByTestId('resolved-name')).toBeVisible()
      await shot(page, 'beneficiary-create', w, false)
    })
  })
}
