/**
 * Mock routes of "Your data" (docs/contract.md §14.6): the copy is "prepared" at once (READY,
 * its link's secret `mock-link`), downloads once; consents are logged; requests get a tracking
 * number and 30 days. Code 123456, or a passkey of the persona's.
 */
import { http, HttpResponse } from 'msw'
import { INVALID_OTP, codeSent, problem, signedIn } from '../../mocks/session'
import { MOCK_OTP, nextId, onReset, type S } from '../../mocks/state'
import { MOCK_RP, mockChallenge, passkeysOf } from '../../mocks/passkeys'

const BASE = '/api/privacy'
const DAY = 86_400_000
const SECRET = 'mock-link'
const ALERTS_NOTE =
  'Alerts about money moving in or out of your accounts, codes and security notices are not marketing: we must send them, and they cannot be switched off.'
const RETENTION = '5 years after our relationship ends, as the money-laundering rules require (Money Laundering (Prevention and Prohibition) Act 2022, s. 8; CBN AML/CFT Regulations)'

type Copy = S['ExportOut']
type Request = S['DataRequestOut']
type LogEntry = S['ConsentLogOut']

const copies = new Map<string, Copy[]>()
const logs = new Map<string, LogEntry[]>()
const requests = new Map<string, Request[]>()
onReset(() => {
  copies.clear()
  logs.clear()
  requests.clear()
})

const listOf = <T>(map: Map<string, T[]>, key: string): T[] => {
  if (!map.has(key)) map.set(key, [])
  return map.get(key)!
}

function consents(key: string): S['ConsentsOut'] {
  const log = listOf(logs, key)
  const latest = (channel: string) => log.find((e) => e.channel === channel)?.given ?? false
  return { marketingSms: latest('SMS'), marketingEmail: latest('EMAIL'), alertsNote: ALERTS_NOTE, log }
}

const RECORD: S['RecordOut'] = {
  controller: 'Kobo Microfinance Bank, Lagos',
  contact: 'Our data protection officer: write to us on Customer Service in the app',
  rights:
    'You can download everything we hold about you, ask us to correct it, ask us to erase what no law requires us to keep, and withdraw your marketing consent at any time. If you are not satisfied with our answer, you can complain to the Nigeria Data Protection Commission (NDPC).',
  retention: `Financial records are kept for ${RETENTION}.`,
  processing: [
    {
      what: 'Payments: transfers, bill payments, scheduled payments, limits and beneficiaries',
      why: 'To make the payments you ask for and keep the record of them',
      legalBasis: 'Performance of our contract with you, and legal obligation (record keeping)',
      keptFor: RETENTION,
      recipients: [
        'Our core-banking system, which keeps your accounts and their ledger',
        'The interbank switch (NIBSS), for transfers to and from other banks',
        'The biller you pay (for example your electricity or TV provider)',
      ],
      erasedOnRequest: false,
    },
    {
      what: 'Devices, passkeys and sign-in sessions',
      why: 'To keep your profile secure and to recognise your devices',
      legalBasis: 'Performance of our contract with you, and our legitimate interest in security',
      keptFor: 'While your profile is open; removed when you close it',
      recipients: [],
      erasedOnRequest: true,
    },
  ],
}

function wat(at: Date): string {
  const lagos = new Date(at.getTime() + 3600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(lagos.getUTCDate())}-${two(lagos.getUTCMonth() + 1)}-${lagos.getUTCFullYear()} ${two(lagos.getUTCHours())}:${two(lagos.getUTCMinutes())} WAT`
}

export const yourDataHandlers = [
  http.get(`${BASE}/record`, signedIn(() => HttpResponse.json(RECORD))),

  http.get(`${BASE}/exports`, signedIn(({ persona }) => HttpResponse.json(listOf(copies, persona.key)))),

  http.post(`${BASE}/exports`, signedIn(({ persona, c, body }) => {
    if (body.passkey) {
      if (passkeysOf(persona.key).length === 0) return problem(400, 'We could not verify your passkey. Please try again, or use a code instead.', 'Bad Request')
    } else {
      if (!body.otp) return HttpResponse.json({ ...codeSent(c), passkeyApproval: passkeysOf(persona.key).length > 0 }, { status: 202 })
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    }
    const now = Date.now()
    const copy: Copy = {
      id: nextId(),
      status: 'READY',
      statusLabel: 'Ready to download',
      requestedAt: new Date(now).toISOString(),
      readyAt: new Date(now).toISOString(),
      linkExpiresAt: new Date(now + DAY).toISOString(),
      deleteAfter: new Date(now + 7 * DAY).toISOString(),
    }
    listOf(copies, persona.key).unshift(copy)
    return HttpResponse.json(
      { message: 'We are preparing a copy of your data. We will e-mail you when it is ready to download.', export: { ...copy, status: 'PREPARING', statusLabel: 'Being prepared' } },
      { status: 201 },
    )
  })),

  http.post(`${BASE}/exports/passkey-options`, signedIn(({ persona }) => {
    if (passkeysOf(persona.key).length === 0) return problem(400, 'You have no passkey yet. Add one in Settings, or use a code instead.', 'Bad Request')
    return HttpResponse.json({ options: { challenge: mockChallenge(), rpId: MOCK_RP.id, timeout: 180_000, userVerification: 'required', allowCredentials: [] } })
  })),

  http.post(`${BASE}/exports/:id/download`, signedIn(({ persona, params, body }) => {
    const copy = listOf(copies, persona.key).find((e) => e.id === Number(params.id))
    if (!copy || body.token !== SECRET) return problem(404, 'This download link is not valid', 'Not Found')
    if (copy.status !== 'READY') return problem(409, 'This link has already been used. To download your data again, ask for a new copy.', 'Conflict')
    copy.status = 'DOWNLOADED'
    copy.statusLabel = 'Downloaded'
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), { headers: { 'Content-Type': 'application/zip' } })
  })),

  http.get(`${BASE}/consents`, signedIn(({ persona }) => HttpResponse.json(consents(persona.key)))),

  http.post(`${BASE}/consents`, signedIn(({ persona, body }) => {
    const channel = String(body.channel ?? '').toUpperCase()
    if (channel !== 'SMS' && channel !== 'EMAIL') return problem(400, 'Choose text messages or e-mail', 'Bad Request')
    const current = consents(persona.key)
    const inForce = channel === 'SMS' ? current.marketingSms : current.marketingEmail
    if (inForce !== Boolean(body.given)) {
      listOf(logs, persona.key).unshift({ channel, channelLabel: channel === 'SMS' ? 'Text messages' : 'E-mail', given: Boolean(body.given), at: new Date().toISOString() })
    }
    return HttpResponse.json(consents(persona.key))
  })),

  http.get(`${BASE}/requests`, signedIn(({ persona }) => HttpResponse.json(listOf(requests, persona.key)))),

  http.post(`${BASE}/requests`, signedIn(({ persona, body }) => {
    const kind = String(body.kind ?? '').toUpperCase()
    const details = String(body.details ?? '').trim()
    if (kind !== 'CORRECTION' && kind !== 'ERASURE') return problem(400, 'Choose what you are asking for', 'Bad Request')
    if (kind === 'CORRECTION' && !details) return problem(400, 'Tell us what to correct', 'Bad Request')
    const list = listOf(requests, persona.key)
    const open = list.find((r) => r.kind === kind && r.status === 'RECEIVED')
    if (open) return problem(409, `You already have a request like this open (${open.trackingNumber}). We will answer by ${open.answerBy}.`, 'Conflict')
    const due = new Date(Date.now() + 30 * DAY)
    const request: Request = {
      trackingNumber: `KOBO-DRQ-261207-${String(nextId()).padStart(6, 'A').slice(-6)}`,
      kind,
      kindLabel: kind === 'CORRECTION' ? 'Correct my data' : 'Erase my data and close my profile',
      status: 'RECEIVED',
      statusLabel: 'Received',
      details,
      createdAt: new Date().toISOString(),
      answerBy: wat(due),
      answerByUtc: due.toISOString(),
      pastDeadline: false,
      answer: null,
      ticketId: nextId(),
    }
    list.unshift(request)
    return HttpResponse.json({ message: `We received your request. We will answer by ${request.answerBy}`, request }, { status: 201 })
  })),
]
