/**
 * Every MSW handler answers what the BFF answers: each handler is called (signed in as Ada,
 * with the sample request below when it needs one) and its answer is checked against
 * src/api/openapi.json for that path, method and status. The document is generated from the
 * BFF and checked fresh by the `contract` session, so a BFF change the mocks do not follow
 * fails here, in `scripts/test`'s web_unit session.
 */
import type { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { featureHandlers as handlers } from './handlers'
import { checkResponse } from '../test/openapiValidator'
import { personas } from './personas'
import { tokenFor } from './session'

const ada = personas.find((p) => p.key === 'ada')!
const ADA = { savings: '1020000115', current: '1020000122' }

/** Values for path parameters, by name; anything else gets `1`. */
const PARAMS: Record<string, string> = {
  accountNumber: ADA.current,
  referenceNumber: 'KOBO-MOCK-1',
  code: 'MTN',
  encoded: btoa('ada.okafor@example.com'),
}

/** Request bodies (and queries) that get a handler past its validation to a success. */
const SAMPLES: Record<string, { body?: unknown; query?: string; anonymous?: boolean }> = {
  'POST /auth/ibanking/personal/login': { body: { email: ada.email, password: 'Kobo@2026', remember: false }, anonymous: true },
  'POST /api/accounts': { body: { accountTypeId: 2 } },
  'POST /api/privacy/exports': { body: { otp: '123456' } },
  'POST /api/privacy/consents': { body: { channel: 'SMS', given: true } },
  'POST /api/privacy/requests': { body: { kind: 'CORRECTION', details: 'My middle name is missing.' } },
  'POST /api/transfer/intrabank-name-inquiry': { body: { accountNumber: '1020000218', bankCode: '090605' } },
  'POST /api/transfer/name-inquiry': { body: { accountNumber: '9000000014', bankCode: '000013' } },
  'POST /api/transfer/kobo': {
    body: { sourceAccountNumber: ADA.savings, destinationAccountNumber: '1020000218', amount: 500, description: 'contract' },
  },
  'POST /api/transfer/other-banks': {
    body: { sourceAccountNumber: ADA.savings, destinationAccountNumber: '9000000014', destinationBankCode: '000013', amount: 500, description: 'contract' },
  },
  'POST /api/beneficiaries': {
    body: { beneficiaryName: 'Adaeze', accountName: 'Adaeze Nwosu', accountNumber: '9000000014', bankCode: '000013', bankName: 'Guaranty Trust Bank' },
  },
  'GET /api/transactions': { query: `accountNumber=${ADA.savings}` },
  'POST /api/utility/providers/electricity/meter-info': { body: { providerCode: 'IKEDC', meterNumber: '45000000001', meterType: 'PREPAID' } },
  'POST /api/utility/providers/cabletv/card-info': { body: { providerCode: 'DSTV', smartCardNumber: '7000000001' } },
  'POST /api/tickets': { body: { subject: 'Contract', message: 'Checking the mocks' } },
  'POST /api/disputes': { body: { paymentReference: 'TXN-1020000115-0', reason: 'OTHER' } },
  'POST /api/ibanking/personal/unfreeze': { body: { newPassword: 'Fresh#Kobo2027', confirmPassword: 'Fresh#Kobo2027' } },
}

function concretePath(template: string): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAMS[name] ?? '1')
}

interface Call {
  handler: HttpHandler
  method: string
  template: string
}

const calls: Call[] = handlers.map((handler) => {
  const { method, path } = (handler as HttpHandler).info
  return { handler: handler as HttpHandler, method: String(method), template: String(path) }
})

describe('every mock answers what openapi.json declares', () => {
  it('has handlers to check', () => {
    expect(calls.length).toBeGreaterThan(60)
  })

  it.each(calls.map((c) => [`${c.method} ${c.template}`, c] as const))('%s', async (_, call) => {
    const path = concretePath(call.template)
    const sample = SAMPLES[`${call.method} ${path}`] ?? SAMPLES[`${call.method} ${call.template}`] ?? {}
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (!sample.anonymous) headers.Authorization = `Bearer ${tokenFor(ada)}`
    const hasBody = !['GET', 'DELETE'].includes(call.method)
    const response = await fetch(`${window.location.origin}${path}${sample.query ? `?${sample.query}` : ''}`, {
      method: call.method,
      headers,
      body: hasBody ? JSON.stringify(sample.body ?? {}) : undefined,
    })
    const contentType = response.headers.get('content-type') ?? ''
    const text = await response.text()
    const body = text && contentType.includes('json') ? (JSON.parse(text) as unknown) : text || null
    const check = checkResponse(call.method, path, response.status, contentType, body)
    expect(check.problems).toEqual([])
  })
})
