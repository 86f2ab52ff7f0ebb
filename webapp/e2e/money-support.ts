/**
 * Steps shared by the money-movement journeys (dashboard, settings, transfer,
 * beneficiary specs): sign in with either second factor, read or compute the
 * code for a sensitive action, and look at balances in the simulator's core.
 * Codes come from /sim/messages (OTP) or are computed from the persona's
 * authenticator secret (RFC 6238 TOTP with node's crypto).
 */
import { createHmac } from 'node:crypto'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { ADA, MOCK, MOCK_OTP, SIM_URL, fillCredentials, newestMessageId, readOtp, typeOtp } from './support'


export interface Persona {
  email: string
  password: string
  firstName: string
  /** Set when the persona signs in with Google Authenticator. */
  totpSecret?: string
}

// Ada is support.ts's (her accounts listed there too): one persona, one definition.
export { ADA }
export const TUNDE: Persona = {
  email: 'tunde.bakare@example.com',
  password: 'Kobo@2026',
  firstName: 'Tunde',
  totpSecret: 'JBSWY3DPEHPK3PXPKOBOTUNDEZZZZAAA',
}
export const ADA_ACCOUNTS = { savings: '1020000115', current: '1020000122', target: '1020000139' }
export const TUNDE_ACCOUNT = '1020000218'
export const GTBANK = 'Guaranty Trust Bank'

// --- TOTP (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) ------------------------------

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of secret.replace(/=+$/, '').replace(/\s/g, '').toUpperCase()) {
    const value = alphabet.indexOf(ch)
    if (value < 0) throw new Error(`not base32: ${ch}`)
    bits += value.toString(2).padStart(5, '0')
  }
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

export function totp(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = hmac[hmac.length - 1] & 0x0f
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

/** The server accepts each time step once: wait for a step not used yet by this secret. */
const lastStep = new Map<string, number>()
export async function freshTotp(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000)
    // Stay clear of a step boundary so the code is still valid when it arrives.
    const intoStep = Date.now() % 30_000
    if (step > (lastStep.get(secret) ?? -1) && intoStep < 26_000) {
      lastStep.set(secret, step)
      return totp(secret, step)
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

// --- codes and sign-in -------------------------------------------------------------

/** Call before the action that sends a code; `await` the result after it. */
export async function codeAfter(request: APIRequestContext, persona: Persona): Promise<() => Promise<string>> {
  if (MOCK) return async () => MOCK_OTP
  if (persona.totpSecret) return () => freshTotp(persona.totpSecret!)
  const before = await newestMessageId(request, persona.email)
  return () => readOtp(request, persona.email, before)
}

export async function signIn(page: Page, request: APIRequestContext, persona: Persona, password = persona.password) {
  await page.goto('/')
  await fillCredentials(page, persona.email, password)
  const code = await codeAfter(request, persona)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByRole('heading', { name: persona.totpSecret ? 'Google Authentication' : 'OTP Verification' })).toBeVisible()
  await typeOtp(page, await code())
  await expect(page.getByRole('heading', { name: `Welcome ${persona.firstName}` })).toBeVisible()
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
}

/** A code one digit off the right one: wrong, yet well formed. */
export function wrongCode(right: string): string {
  return right.slice(0, 5) + String((Number(right[5]) + 1) % 10)
}

/** Types a code into the boxes of the open dialog (the sixth character submits). */
export async function typeDialogCode(page: Page, code: string, boxIndex = 0) {
  // Each digit is pressed on its own box (Locator.press focuses it first), once the dialog
  // has finished opening, and a box that did not take its digit is pressed again: on a
  // loaded CI machine a digit was lost twice (the dialog moved focus while it opened; once
  // the whole code typed into the first box, once a single box). A second press is noted
  // on the test ("retyped"), so a screen that drops digits shows in the report. Before the
  // last digit submits, every box is checked again: a digit that landed in the wrong box
  // fails here, not as a confusing wrong-code answer.
  const dialog = page.getByRole('dialog')
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0)
  const boxes = [...code].map((_, index) => dialog.getByLabel(`Character ${index + 1} of 6`).nth(boxIndex))
  for (const [index, digit] of [...code].entries()) {
    if (index === code.length - 1) {
      for (const [before, box] of boxes.slice(0, index).entries()) await expect(box).toHaveValue(code[before])
      await boxes[index].press(digit)
      break
    }
    let presses = 0
    await expect(async () => {
      presses += 1
      await boxes[index].press(digit)
      await expect(boxes[index]).toHaveValue(digit, { timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    if (presses > 1) test.info().annotations.push({ type: 'retyped', description: `code box ${index + 1} took ${presses} presses` })
  }
}

/** Closes toasts so they do not cover what comes next. Always the first one still open:
 * a closed toast leaves the list (so does one that times out), and a locator taken by
 * position before the first click could then wait for a toast that is gone. */
export async function dismissToasts(page: Page) {
  const notices = page.locator('.ant-notification-notice')
  await expect(async () => {
    const close = page.locator('.ant-notification-notice-close').first()
    if (await close.isVisible().catch(() => false)) await close.click({ timeout: 1_000 }).catch(() => undefined)
    await expect(notices).toHaveCount(0, { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
}

/** Closes a dialog with one of its buttons and waits until it has gone. Under load a click
 * once landed while antd's opening animation still moved the dialog and did nothing (run Q,
 * session 26); the button is clicked again until the dialog has closed, and a dialog that
 * never closes still fails the journey. */
export async function closeDialog(dialog: Locator, closeButton: Locator) {
  await expect(async () => {
    if (await dialog.isVisible().catch(() => false)) await closeButton.click({ timeout: 2_000 }).catch(() => undefined)
    await expect(dialog).toBeHidden({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

/** Closes a transfer's result with its Done (or Close) button. */
export async function closeResult(page: Page, button: 'Done' | 'Close' = 'Done') {
  const result = page.locator('.kobo-transfer-result')
  await closeDialog(result, result.getByRole('button', { name: button }))
}

/** Closes a details dialog with the Close in its footer (its corner's X is also "Close"). */
export async function closeDetails(details: Locator) {
  await closeDialog(details, details.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }))
}

// --- the simulator's core ----------------------------------------------------------

/** An account's available balance in kobo, straight from the core. */
export async function coreBalanceKobo(request: APIRequestContext, accountNumber: string): Promise<number> {
  const response = await request.get(`${SIM_URL}/core/accounts/${accountNumber}`)
  expect(response.ok(), `GET /core/accounts/${accountNumber} answered ${response.status()}`).toBeTruthy()
  return ((await response.json()) as { availableBalanceKobo: number }).availableBalanceKobo
}

/** Picks an option of an antd Select found by its label, typing to search long lists. */
export async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
  await chooseIn(page, scope.getByLabel(label, { exact: true }), option)
}

/** `choose` for a Select found otherwise (a combobox by role, in a region). */
export async function chooseIn(page: Page, box: Locator, option: string) {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  const item = dropdown.locator(`.ant-select-item-option[title="${option}"]`)
  // A click that lands while the list is still opening can be lost (seen on a loaded CI
  // machine: the option was clicked, nothing was chosen, and the open list then covered the
  // form's buttons). The list closes once an option is chosen: until it does, try again.
  await expect(async () => {
    if (!(await item.isVisible().catch(() => false))) {
      await box.click()
      if (!(await item.isVisible().catch(() => false)) && (await box.getAttribute('readonly')) === null) {
        await box.fill(option)
      }
    }
    await item.click({ timeout: 5_000 })
    await expect(item).toBeHidden({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}
