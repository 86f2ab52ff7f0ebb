/**
 * Shared steps of the browser journeys. One-time codes are read the way a
 * tester reads them: from the simulator's outbox (`/sim/messages`), newest
 * first. In mock mode (E2E_MOCK=1) MSW accepts the fixed code 123456.
 */
import { crc32, deflateSync } from 'node:zlib'
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

export async function messagesFor(request: APIRequestContext, recipient: string): Promise<SimMessage[]> {
  const response = await request.get(`${SIM_URL}/sim/messages`, { params: { recipient } })
  expect(response.ok(), `GET /sim/messages answered ${response.status()}`).toBeTruthy()
  return (await response.json()) as SimMessage[]
}

/** The id of the newest message for `recipient`, to tell a fresh code from an old one. */
export async function newestMessageId(request: APIRequestContext, recipient: string) {
  if (MOCK) return null
  return (await messagesFor(request, recipient))[0]?.id ?? null
}

/** Waits for a message newer than `afterId` with a 6-digit code and returns the code of the
 * newest such message (a debit or credit alert may arrive after the code). */
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
        for (const message of await messagesFor(request, recipient)) {
          if (message.id === afterId) return undefined // newest first: the rest are older
          code = /\b\d{6}\b/.exec(message.body)?.[0]
          if (code) return code
        }
        return undefined
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

/** A PNG drawn pixel by pixel (8-bit RGB), a few kilobytes: pictures for upload journeys. */
export function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const offset = y * (width * 3 + 1)
    for (let x = 0; x < width; x += 1) rows.set(pixel(x, y), offset + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
