/**
 * Mock routes for transaction history, details, receipts and statements, over the mock
 * state's transaction lines (months of seeded history, then this session's payments).
 */
import { http, HttpResponse } from 'msw'
import { fieldErrors, notFound, signedIn } from '../../mocks/session'
import { onReset, type Line } from '../../mocks/state'

const TRANSACTIONS = '/api/ibanking/personal/transactions'
const DAY = 86_400_000

/** Statements the mock was asked for, newest last (tests look at them). */
export const requestedStatements: { persona: string; fileType: 'PDF' | 'EXCEL'; body: unknown }[] = []
onReset(() => (requestedStatements.length = 0))

const dayOf = (text: string | null) => {
  const [d, m, y] = (text ?? '').split('-').map(Number)
  return text ? (text.length === 10 && y > 1000 ? new Date(y, m - 1, d) : new Date(text)).getTime() : NaN
}
const detail = ({ postedAt: _at, fresh: _fresh, ...line }: Line) => line

/** A one-page PDF: "Kobo receipt <reference>". */
export function receiptPdf(reference: string): Uint8Array {
  const stream = `BT /F1 18 Tf 72 720 Td (Kobo receipt ${reference.replace(/[()\\]/g, '')}) Tj ET`
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  )
}
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgzvMHAAFQAMmqFjo2AAAAAElFTkSuQmCC'

const statement = (fileType: 'PDF' | 'EXCEL') =>
  signedIn(({ persona, body }) => {
    const missing = ['nuban', 'startDate', 'endDate'].filter((f) => !body[f])
    if (missing.length) return fieldErrors(missing.map((field) => ({ field, message: 'This field is required' })))
    requestedStatements.push({ persona: persona.key, fileType, body })
    return HttpResponse.json({ message: 'Bank statement requested successfully and will be sent to your mail shortly' })
  })

export const historyHandlers = [
  http.get(TRANSACTIONS, signedIn(({ c, request }) => {
    const q = new URL(request.url).searchParams
    const [from, until] = [dayOf(q.get('startDate')), dayOf(q.get('endDate')) + DAY]
    const search = (q.get('search') ?? '').toLowerCase()
    const page = Number(q.get('page') ?? 0)
    const size = Number(q.get('size') ?? 10)
    const lines = c.transactions.filter(
      (l) =>
        [q.get('accountNumber') ?? l.accountNumber].includes(l.accountNumber) &&
        [q.get('transactionType') ?? l.transactionType].includes(l.transactionType) &&
        [q.get('status') ?? l.status].includes(l.status) &&
        !(l.postedAt < from || l.postedAt >= until) &&
        `${l.narration} ${l.counterpartyName} ${l.referenceNumber}`.toLowerCase().includes(search),
    )
    const content = lines.slice(page * size, page * size + size).map(({ sessionId: _s, sourceAccountName: _a, sourceAccountNumber: _b, destinationAccountName: _c, destinationAccountNumber: _d, token: _t, units: _u, ...line }) => detail(line as Line))
    return HttpResponse.json({ content, totalElements: lines.length, page, size })
  })),

  http.get(`${TRANSACTIONS}/:referenceNumber`, signedIn(({ c, params }) => {
    const found = c.transactions.find((l) => l.referenceNumber === params.referenceNumber)
    return found ? HttpResponse.json(detail(found)) : notFound('Transaction')
  })),

  http.get(`${TRANSACTIONS}/:referenceNumber/receipt`, signedIn(({ c, params, request }) => {
    const reference = String(params.referenceNumber)
    const owned = c.transactions.some((l) => l.referenceNumber === reference) || c.transfers.has(reference) || c.bills.some((b) => b.reference === reference)
    if (!owned) return notFound('Transaction')
    const png = new URL(request.url).searchParams.get('format') === 'png'
    return new HttpResponse(png ? Uint8Array.from(atob(PNG), (ch) => ch.charCodeAt(0)) : receiptPdf(reference), {
      headers: { 'Content-Type': png ? 'image/png' : 'application/pdf', 'Content-Disposition': `attachment; filename="kobo-receipt-${reference}.${png ? 'png' : 'pdf'}"` },
    })
  })),

  http.post(`${TRANSACTIONS}/download`, statement('PDF')),
  http.post(`${TRANSACTIONS}/download/excel`, statement('EXCEL')),
]
