/**
 * Customer service against the real stack (issue 9): Ada opens a ticket with a
 * PDF attached; customer service answers through the back-office API with a
 * note and an image; the answer shows up in her open conversation by itself;
 * she previews both files, replies and marks the ticket done. The answer also
 * reached her by e-mail (the simulator's outbox). Every run uses a fresh
 * subject, so it does not depend on other journeys' data.
 *
 * Screenshots of the list and the conversation at 1280 and 390 px go to
 * e2e/screenshots/ (and to docs/screenshots/ with KOBO_DOC_SCREENSHOTS=1).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MOCK, SIM_URL, newestMessageId, readOtp } from './support'
import { ADA, dismissToasts, signIn } from './money-support'
import { screenshot } from './screenshots'

test.skip(MOCK, 'the back office and the outbox exist only on the real stack')

const ADMIN = { email: 'admin@example.com', password: 'Kobo@2026' }
const AUTH = '/auth/ibanking/personal'

/** A one-page PDF that says what it is. */
function statementPdf(): Buffer {
  const text = 'BT /F1 14 Tf 40 100 Td (Kobo statement, page 1) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 160] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** A small green PNG (a "screenshot" customer service sends back). */
const AGENT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAcCAIAAACcd2qBAAAAPUlEQVR42mPgzvMfEMQwavGoxTSz+Nef3wOCRi0eeRZX9LTQCA1Wi0cT12jiGk1cIzVxDWWLRxPXqMVUQwAzU/x8CQQD3AAAAABJRU5ErkJggg=='

/** Signs in as the back office through the API (login, then the code from the outbox). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const before = await newestMessageId(request, ADMIN.email)
  const login = await request.post(`${AUTH}/login`, { data: { ...ADMIN, remember: false } })
  expect(login.status(), await login.text()).toBe(200)
  const { userId, userUUID } = (await login.json()) as { userId: number; userUUID: string }
  const otp = await readOtp(request, ADMIN.email, before)
  const session = await request.post(`${AUTH}/otp-verification`, { data: { userId, userUUID, otp } })
  expect(session.status(), await session.text()).toBe(200)
  return ((await session.json()) as { tokenDTO: { accessToken: string } }).tokenDTO.accessToken
}

interface SimMessage {
  id: string | number
  channel: string
  subject: string | null
  body: string
}

async function shoot(page: Page, name: string) {
  await screenshot(page, name, { doc: !/create|preview/.test(name) })
}

test('a ticket with an attachment is answered by customer service, then replied to and marked done', async ({ page, request }) => {
  const subject = `Card declined at POS ${Date.now().toString(36)}`
  const folder = mkdtempSync(join(tmpdir(), 'kobo-ticket-'))
  const pdfPath = join(folder, 'statement.pdf')
  writeFileSync(pdfPath, statementPdf())

  await signIn(page, request, ADA)
  await dismissToasts(page)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customer Service' }).click()
  await expect(page).toHaveURL(/\/customer-service$/)
  await expect(page.getByRole('heading', { name: 'Customer Service', level: 1 })).toBeVisible()

  // Create Tickets: both fields are required; then a PDF goes along.
  await page.getByRole('button', { name: 'Create Tickets' }).click()
  const modal = page.getByRole('dialog', { name: 'Create Tickets' })
  await modal.getByRole('button', { name: 'Submit' }).click()
  await expect(modal.getByText('This field is required')).toHaveCount(2)
  await modal.getByLabel('Subject').fill(subject)
  await modal.getByLabel('Description').fill('My Kobo card was declined at a POS in Ikeja this morning. Statement attached.')
  await expect(modal.getByText('This field is required')).toHaveCount(0)
  await modal.getByTestId('attachment-input').setInputFiles(pdfPath)
  await expect(modal.getByText('statement.pdf')).toBeVisible()
  await shoot(page, 'customer-service-create-desktop')
  await modal.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Ticket created successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/customer-service\/\d+$/)
  const ticketId = Number(/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { name: subject })).toBeVisible()
  const conversation = page.getByTestId('conversation')
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(1)
  await expect(conversation.getByRole('button', { name: /statement\.pdf/ })).toBeVisible()
  await expect(page.getByTestId('ticket-status')).toHaveText('Unresolved')

  // The PDF opens in the viewer.
  await conversation.getByRole('button', { name: /statement\.pdf/ }).click()
  const viewer = page.getByRole('dialog', { name: 'statement.pdf' })
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/)
  await viewer.getByRole('button', { name: 'Close' }).first().click()
  await expect(viewer).toBeHidden()

  // Customer service answers through the back office.
  const admin = await adminToken(request)
  const headers = { Authorization: `Bearer ${admin}` }
  const open = await request.get('/admin/api/tickets', { headers })
  expect(open.status()).toBe(200)
  expect(((await open.json()) as { id: number; subject: string }[]).find((t) => t.id === ticketId)?.subject).toBe(subject)
  const mailBefore = await newestMessageId(request, ADA.email)
  const answer = 'Sorry about that, Ada. The POS terminal timed out; nothing left your account. See the note attached.'
  const reply = await request.post(`/admin/api/tickets/${ticketId}/messages`, {
    headers,
    data: { text: answer, attachments: [{ name: 'terminal-log.png', document: `data:image/png;base64,${AGENT_PNG}` }] },
  })
  expect(reply.status(), await reply.text()).toBe(201)

  // The open conversation picks the answer up by itself.
  const agentMessage = conversation.locator('[data-testid="ticket-message"][data-sender="AGENT"]')
  await expect(agentMessage).toContainText(answer, { timeout: 25_000 })
  await expect(agentMessage).toContainText('Kobo Customer Service')
  await agentMessage.getByRole('button', { name: /terminal-log\.png/ }).click()
  const image = page.getByRole('dialog', { name: 'terminal-log.png' })
  await expect(image.getByRole('img', { name: 'terminal-log.png' })).toBeVisible()
  await shoot(page, 'customer-service-preview-desktop')
  await image.getByRole('button', { name: 'Close' }).first().click()
  await expect(image).toBeHidden()

  // She replies: the message shows at once, then stays.
  await page.getByLabel('Reply').fill('Thank you, that explains it.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(conversation.getByTestId('ticket-message')).toHaveCount(3)
  await expect(conversation.getByTestId('ticket-message').last()).toContainText('Thank you, that explains it.')
  await expect(conversation.locator('.kobo-msg--pending')).toHaveCount(0)
  await expect(page.getByLabel('Reply')).toHaveValue('')

  await dismissToasts(page)
  await shoot(page, 'customer-service-ticket-desktop')

  // Mark as Done.
  await page.getByRole('button', { name: 'Mark as Done' }).click()
  await expect(page.getByText('Ticket status updated successfully')).toBeVisible()
  await expect(page.getByTestId('ticket-status')).toHaveText('Resolved')
  await expect(page.getByRole('button', { name: 'Mark as Unresolved' })).toBeVisible()
  await expect(page.locator('a[aria-current="page"]').getByRole('img', { name: 'Resolved' })).toBeVisible()

  // The back office sees the whole conversation, and the ticket is no longer open.
  const detail = (await (await request.get(`/admin/api/tickets/${ticketId}`, { headers })).json()) as {
    resolved: boolean
    messages: { sender: string; text: string }[]
  }
  expect(detail.resolved).toBe(true)
  expect(detail.messages.map((m) => m.sender)).toEqual(['CLIENT', 'AGENT', 'CLIENT'])
  const stillOpen = (await (await request.get('/admin/api/tickets', { headers })).json()) as { id: number }[]
  expect(stillOpen.some((t) => t.id === ticketId)).toBe(false)

  // She was told by e-mail.
  await expect
    .poll(
      async () => {
        // The subject is new in every run, so any e-mail about it is this run's.
        const inbox = (await (await request.get(`${SIM_URL}/sim/messages`, { params: { recipient: ADA.email } })).json()) as SimMessage[]
        return inbox.find((m) => m.id !== mailBefore && m.channel === 'EMAIL' && m.subject === `Re: ${subject}`)?.body ?? ''
      },
      { message: 'the reply e-mail in /sim/messages', timeout: 15_000 },
    )
    .toContain(answer)

  // The list shows it under today, resolved.
  await dismissToasts(page)
  await page.locator('.kobo-cs-breadcrumb').getByRole('link', { name: 'Customer Service' }).click()
  await expect(page).toHaveURL(/\/customer-service$/)
  const row = page.getByTestId('ticket-row').filter({ hasText: subject })
  await expect(row.getByRole('img', { name: 'Resolved' })).toBeVisible()
  await expect(page.locator('.kobo-ticket-day').first()).toContainText('Today')
  await shoot(page, 'customer-service-desktop')

  // Phone width: the list, then the conversation with the list folded above it.
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'customer-service-phone')
  await row.click()
  await expect(page.getByRole('heading', { name: subject })).toBeVisible()
  await expect(page.getByRole('button', { name: /All tickets/ })).toBeVisible()
  await shoot(page, 'customer-service-ticket-phone')
})
