/**
 * Settings › Your data against the real stack (issue 59, docs/contract.md §14.6): a fresh
 * customer asks for a copy of their data with a code; the jobs runner prepares it and e-mails
 * a single-use link; the link opens the tab and downloads the zip once; marketing e-mail is
 * switched on and logged; a correction request gets its tracking number. An erasure the back
 * office fulfils ends the session and every later sign-in. Every screen at 1280 and 390 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { MOCK, fillCredentials, messagesFor } from './support'
import { codeAfter, dismissToasts, signIn, typeDialogCode } from './money-support'
import { PASSWORD, freshPersona, onboardedCustomer } from './customers'
import { atBothWidths } from './screenshots'

test.skip(MOCK, 'the copy is prepared by the real jobs runner and e-mailed by the simulator')

const LINK = /(\/settings\?tab=your-data&export=\d+&token=[A-Za-z0-9_-]+)/

async function readyLink(request: APIRequestContext, email: string): Promise<string> {
  let link = ''
  await expect(async () => {
    const mail = (await messagesFor(request, email)).find((m) => m.body.includes('Your data is ready'))
    const found = mail && LINK.exec(mail.body)
    expect(found, 'the e-mail with the link').toBeTruthy()
    link = found![1]
  }).toPass({ timeout: 30_000 })
  return link
}

test('a customer downloads their data once, chooses marketing and asks for a correction', async ({ page, request }) => {
  test.setTimeout(180_000) // a customer of their own first: register, verify, onboard, review
  const customer = await freshPersona(request)
  await signIn(page, request, customer)
  await dismissToasts(page)
  await page.goto('/settings?tab=your-data')
  await expect(page.getByRole('tab', { name: 'Your data' })).toHaveAttribute('aria-selected', 'true')
  const download = page.getByTestId('download-card')
  await expect(download).toContainText('You have not asked for a copy yet.')
  await expect(page.getByTestId('record-card')).toContainText('5 years after our relationship ends')
  await expect(page.getByTestId('marketing-card')).toContainText('they cannot be switched off')
  await atBothWidths(page, 'your-data')

  // Asked for with a code; prepared in the background; e-mailed.
  const code = await codeAfter(request, customer)
  await download.getByRole('button', { name: 'Download my data' }).click()
  await expect(page.getByRole('dialog', { name: 'Approve the download of your data' })).toBeVisible()
  await atBothWidths(page, 'your-data-code')
  await typeDialogCode(page, await code())
  await expect(page.getByText('We are preparing a copy of your data.').first()).toBeVisible()
  const link = await readyLink(request, customer.email)

  // The link opens the tab; the copy downloads once.
  await page.goto(link)
  await expect(page.getByText('Your data is ready')).toBeVisible()
  await atBothWidths(page, 'your-data-ready')
  const saved = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download', exact: true }).click()
  expect((await saved).suggestedFilename()).toMatch(/^kobo-data-\d+\.zip$/)
  await expect(download).toContainText('Downloaded')
  await page.goto(link)
  await page.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(page.getByText('This link has already been used.').first()).toBeVisible()
  await dismissToasts(page)

  // Marketing by e-mail on: saved and logged.
  const marketing = page.getByTestId('marketing-card')
  await marketing.getByRole('switch', { name: 'Offers by e-mail' }).click()
  await expect(marketing).toContainText('E-mail switched on')
  await expect(marketing.getByRole('switch', { name: 'Offers by e-mail' })).toBeChecked()

  // A correction request: a tracking number and an answer-by time.
  const requests = page.getByTestId('requests-card')
  await requests.getByLabel('Tell us more').fill('My middle name is missing from my profile.')
  await requests.getByRole('button', { name: 'Send request' }).click()
  await expect(requests).toContainText(/KOBO-DRQ-\d{6}-[A-Z0-9]{6}/)
  await expect(requests).toContainText('Answer by')
  await requests.getByLabel('Erase my data and close my profile').check()
  await expect(requests).toContainText('We must keep the record of your accounts, payments and identity for 5 years')
  await dismissToasts(page)
  await requests.scrollIntoViewIfNeeded()
  await atBothWidths(page, 'your-data-requests', { fullPage: true })
})

test('an erasure the back office fulfils closes the profile: signed out, and no sign-in after', async ({ page, request }) => {
  test.setTimeout(180_000) // a customer of their own: the profile is closed for good
  const { person, email, admin } = await onboardedCustomer(request)
  const customer = { email, password: PASSWORD, firstName: person.firstName }
  await signIn(page, request, customer)
  await dismissToasts(page)
  await page.goto('/settings?tab=your-data')
  const requests = page.getByTestId('requests-card')
  await requests.getByLabel('Erase my data and close my profile').check()
  await requests.getByLabel('Tell us more').fill('I am moving abroad and want my profile closed.')
  await requests.getByRole('button', { name: 'Send request' }).click()
  await expect(requests).toContainText(/KOBO-DRQ-\d{6}-[A-Z0-9]{6}/)
  const number = /KOBO-DRQ-\d{6}-[A-Z0-9]{6}/.exec((await requests.textContent()) ?? '')![0]

  // The back office fulfils it: the new customer's accounts hold no money.
  const erased = await request.post(`/admin/api/privacy/requests/${number}/erase`, { headers: admin.headers })
  expect(erased.status(), await erased.text()).toBe(200)

  // The open session has ended: the next read sends the customer to the sign-in page.
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await fillCredentials(page, email, PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await atBothWidths(page, 'your-data-erased')

  // The answer was e-mailed: what was erased, and what the law keeps and for how long.
  const answer = (await messagesFor(request, email)).find((m) => m.body.includes(number) && m.body.includes('closed your profile'))
  expect(answer?.body).toContain('5 years after our relationship ends')
})
