/**
 * Shared steps of the browser journeys. One-time codes are read the way a
 * tester reads them: from the simulator's outbox (`/sim/messages`), newest
 * first. In mock mode (E2E_MOCK=1) MSW accepts the fixed code 123456.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'

// The e2e stack's ports can be moved (E2E_SIM_PORT / E2E_BFF_PORT) so two runs can coexist.
export const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? '18100'}`
export const MOCK = !!process.env.E2E_MOCK
export const MOCK_OTP = '123456'

export const ADA = {
  email: 'ada.okafor@example.com',
  password: 'Kobo@2026',
  firstName: 'Ada',
  accounts: ['1020000115', '1020000122', '1020000139'],
}

interface SimMessage {
  id: string | number
  channel: 'SMS' | 'EMAIL'
  recipient: string
  subject: string | null
  body: string
  createdAt: string
}

async function messagesFor(request: APIRequestContext, recipient: string): Promise<SimMessage[]> {
  const response = await request.get(`${SIM_URL}/sim/messages`, { params: { recipient } })
  expect(response.ok(), `GET /sim/messages answered ${response.status()}`).toBeTruthy()
  return (await response.json()) as SimMessage[]
}

/** The id of the newest message for `recipient`, to tell a fresh code from an old one. */
export async function newestMessageId(request: APIRequestContext, recipient: string) {
  if (MOCK) return null
  return (await messagesFor(request, recipient))[0]?.id ?? null
}

/** Waits for a message newer than `afterId` and returns the first 6-digit number in it. */
export async function readOtp(
  request: APIRequestContext,
  recipient: string,
  afterId: string | number | null,
): Promise<string> {
  if (MOCK) return MOCK_OTP
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const [newest] = await messagesFor(request, recipient)
        if (!newest || newest.id === afterId) return undefined
        code = /\b\d{6}\b/.exec(newest.body)?.[0]
        return code
      },
      { message: `a one-time code for ${recipient} in /sim/messages`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code!
}

export async function fillCredentials(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await page.getByLabel('Email or Phone Number').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
}

/** Types a code into the six boxes; the sixth character submits by itself. */
export async function typeOtp(page: Page, code: string) {
  await page.getByLabel('Character 1 of 6').click()
  await page.keyboard.type(code)
}

/** Signs in as Ada through both steps and waits for the dashboard. */
export async function signInAsAda(page: Page, request: APIRequestContext) {
  await page.goto('/')
  await fillCredentials(page, ADA.email, ADA.password)
  const before = await newestMessageId(request, ADA.email)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByRole('heading', { name: 'OTP Verification' })).toBeVisible()
  await typeOtp(page, await readOtp(request, ADA.email, before))
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { name: `Welcome ${ADA.firstName}` })).toBeVisible()
}
