/**
 * Mock routes for /api/utility: the biller catalogue of fixtures/billers.json, meter and
 * smart-card look-ups (fixtures/scenarios.json's numbers, `451…` meters, `71…` cards), the
 * code step, and outcomes. A paid bill debits its account and adds a transaction; the
 * scenario numbers fail (meter 45000000002, phone 08099990002: nothing debited) or stay
 * Pending for two history reads (45000000003/4, 08099990003); a forced scenario wins. The
 * risk check (src/mocks/risk.ts) may warn of a bill, hold it for review or block it.
 */
import { http, HttpResponse } from 'msw'
import billers from '../../../../fixtures/billers.json'
import { settlementOf } from '../../mocks/forcing/catalogue'
import { forcedScenario } from '../../mocks/forcing/forced'
import { INVALID_OTP, codeSent, fieldErrors, notFound, problem, signedIn } from '../../mocks/session'
import { personas } from '../../mocks/personas'
import { PASSKEY_REFUSED, approvalOptions, passkeyApproved, passkeysOf } from '../../mocks/passkeys'
import { HELD_MESSAGE, held, remember, riskCheck, unacknowledged } from '../../mocks/risk'
import { BILLER_SCENARIOS, MOCK_OTP, customerOf, newReference, nextId, onReset, post, wireDate, type S } from '../../mocks/state'

type Bill = S['BillLogOut']
export const VEND_FAILED = 'The biller could not complete the payment. Your account was not debited.'
export const MOCK_PENDING_MESSAGE = 'Your payment is being processed. We will send you an SMS when it completes.'
const PRODUCTS = { airtime: 'AIRTIME', databundle: 'DATA', electricity: 'ELECTRICITY_BILL', cabletv: 'CABLE_TV' } as const
const PROVIDERS = { airtime: billers.airtime, databundle: billers.data, electricity: billers.electricity, cabletv: billers.cableTv }

/** Bills waiting for their code, and Pending bills' history reads left. */
let waiting = new Map<string, Bill>()
let readsLeft = new Map<string, number>()
onReset(() => {
  waiting = new Map()
  readsLeft = new Map()
})

/** The meter's or smart card's holder, or null when the biller does not know it. */
export function mockHolder(number = ''): S['HolderOut'] | null {
  const s = BILLER_SCENARIOS.find((x) => x.customerId === number)
  if (s) return s.validate ? null : { name: s.name ?? 'Funmi Ogunleye', phoneNumber: s.phone ?? null, address: s.address ?? null }
  if (/^451\d{8}$/.test(number)) return { name: 'Chidi Okonkwo', phoneNumber: '08055512345', address: '12 Adeola Odeku Street, Victoria Island' }
  return /^71\d{8}$/.test(number) ? { name: 'Funmi Ogunleye', phoneNumber: null, address: null } : null
}

const lookup = (field: 'meterNumber' | 'smartCardNumber') =>
  signedIn(({ body }) => {
    const holder = mockHolder(String(body[field] ?? '').trim())
    if (holder) return HttpResponse.json(holder)
    return fieldErrors([{ field, message: `We could not find this ${field === 'meterNumber' ? 'meter' : 'smart card'}. Check the number and the provider.` }])
  })

const CODE_OR_PASSKEY = 'Approve with either a code or a passkey, not both.'
const products = (items: { code: string; title: string; priceKobo: number; validity?: string }[] = []) =>
  items.map((p) => ({ code: p.code, title: p.title, amount: p.priceKobo / 100, validity: p.validity ?? null }))

function vendRoutes(segment: keyof typeof PRODUCTS) {
  const product = PRODUCTS[segment]
  return [
    http.post(`/api/utility/providers/${segment}/vend/initiate`, signedIn(({ c, persona, body, request }) => {
      const source = c.accounts.find((a) => a.accountNumber === body.nuban)
      const providerCode = body.airtimeProviderCode ?? body.dataBundleProviderCode ?? body.electricityProviderCode ?? body.cableTvProviderCode
      const provider = (PROVIDERS[segment] as { code: string; title: string }[]).find((p) => p.code === providerCode)
      if (!source || !provider || !(body.amount > 0)) return fieldErrors([{ field: 'amount', message: 'This field is required' }])
      if (body.amount > source.availableBalance) return fieldErrors([{ field: 'amount', message: 'Insufficient funds' }])
      const verdict = riskCheck(request, c, null)
      if (verdict?.outcome === 'BLOCK') return problem(400, verdict.reason, 'Bad Request')
      const meter = product === 'ELECTRICITY_BILL' ? mockHolder(body.electricityMeterNum) : null
      const bill: Bill = {
        id: `mock-bill-${nextId()}`, dateCreated: wireDate(), utilityProductType: product, amount: Number(body.amount), vendingStatus: 'PENDING', reference: newReference(),
        sourceAccount: source.accountNumber, vender: provider.code, utilityProviderTitle: provider.title, phoneNumber: body.phoneNumber ?? null,
        dataBundleCode: body.dataBundleCode ?? null, electricityMeterNumber: body.electricityMeterNum ?? null, electricityMeterOwner: meter?.name ?? null,
        electricityMeterOwnerPhoneNumber: meter?.phoneNumber ?? null, electricityMeterOwnerAddress: meter?.address ?? null, electricityMeterType: body.meterType ?? null,
        vendingToken: null, units: null, cableTvSmartCardNumber: body.cableTvSmartCardNum ?? null, cableTvBouquetCode: body.cableTvBouquetCode ?? null, message: null,
        heldForReview: false,
      }
      waiting.set(bill.id, bill)
      const passkeyApproval = passkeysOf(persona.key).length > 0
      const riskWarning = remember(bill.id, verdict)
      return HttpResponse.json({ utilityVendingRequestId: bill.id, ...codeSent(c), passkeyApproval, riskWarning }, { status: 201 })
    })),

    http.post(`/api/utility/providers/${segment}/vend/confirm`, signedIn(({ c, body, request }) => {
      const bill = waiting.get(body.utilityVendingRequestId ?? '') ?? c.bills.find((b) => b.id === body.utilityVendingRequestId)
      if (!bill || bill.utilityProductType !== product) return notFound('Bill payment')
      if (bill.vendingStatus !== 'PENDING' || c.bills.includes(bill)) return vendAnswer(bill)
      if (body.otp && body.passkey) return problem(400, CODE_OR_PASSKEY, 'Bad Request')
      const refused = unacknowledged(bill.id, body)
      if (refused) return refused
      if (!passkeyApproved(body) && body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
      waiting.delete(bill.id)
      c.bills.unshift(bill)
      const source = c.accounts.find((a) => a.accountNumber === bill.sourceAccount)!
      if (held(bill.id)) {
        // Held for the team's review: the money is reserved, nothing is sent.
        source.availableBalance = Math.round((source.availableBalance - bill.amount) * 100) / 100
        return vendAnswer(Object.assign(bill, { message: HELD_MESSAGE, heldForReview: true }))
      }
      const forced = forcedScenario(request, 'bills.vend')?.rule
      const magic = BILLER_SCENARIOS.find((s) => s.customerId === (bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber))?.vend
      const outcome = forced ? settlementOf(forced) : magic?.effect ? { kind: 'pending' } : magic?.responseCode && magic.responseCode !== '00' ? { kind: 'declined' } : { kind: 'completed' }
      if (outcome.kind === 'declined') return vendAnswer(Object.assign(bill, { vendingStatus: 'FAILED', message: VEND_FAILED }))
      post(source, -bill.amount, `${bill.utilityProviderTitle} ${product === 'AIRTIME' ? 'airtime' : 'payment'}, ${bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber}`, { referenceNumber: bill.reference, counterpartyName: bill.utilityProviderTitle })
      if (outcome.kind === 'pending') readsLeft.set(bill.id, 2)
      return vendAnswer(outcome.kind === 'pending' ? Object.assign(bill, { message: MOCK_PENDING_MESSAGE }) : succeed(bill))
    })),
  ]
}

/** What the BFF calls a bill in reports and statements (bff/bills/models.py, Vend.narration). */
export function billNarration(bill: Bill): string {
  const number = bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber ?? ''
  const title = bill.utilityProviderTitle
  if (bill.utilityProductType === 'AIRTIME') return `${title} airtime, ${number}`
  if (bill.utilityProductType === 'DATA') return `${title} bundle, ${number}`
  if (bill.utilityProductType === 'ELECTRICITY_BILL') return `${title}${bill.electricityMeterType ? ` ${bill.electricityMeterType.toLowerCase()}` : ''}, meter ${number}`
  return `${title}, smart card ${number}`
}

/**
 * The biller asked about a Pending bill (a status query, as the BFF's follow-up makes): it
 * completes unless a `bills.requery` scenario is forced (then it stays Pending).
 */
export function requeryBill(request: Request, bill: Bill): Bill {
  if (bill.vendingStatus !== 'PENDING' || forcedScenario(request, 'bills.requery')) return bill
  readsLeft.delete(bill.id)
  return succeed(bill)
}

function succeed(bill: Bill): Bill {
  const prepaid = bill.utilityProductType === 'ELECTRICITY_BILL' && bill.electricityMeterType === 'PREPAID'
  return Object.assign(bill, { vendingStatus: 'SUCCESS', message: 'Successful', ...(prepaid ? { vendingToken: '48213907561284903317', units: `${(bill.amount / 209.5).toFixed(2)} kWh` } : {}) })
}

function vendAnswer(bill: Bill) {
  if (bill.vendingStatus === 'FAILED') {
    const body = { type: 'about:blank', title: 'Bill Payment Failed', status: 422, detail: VEND_FAILED, utilityVendingRequestId: bill.id, referenceNumber: bill.reference, vendingStatus: 'FAILED' }
    return HttpResponse.json(body, { status: 422, headers: { 'Content-Type': 'application/problem+json' } })
  }
  return HttpResponse.json({ message: bill.message, bill: { ...bill } }, { status: bill.vendingStatus === 'SUCCESS' ? 200 : 202 })
}

/** Seeds a persona's bill history (tests); seeded Pending bills stay Pending. */
export const seedMockBills = (personaKey: string, bills: Bill[]) =>
  customerOf(personas.find((p) => p.key === personaKey)!).bills.unshift(...bills.map((b) => ({ ...b })))

const list = (items: { code: string; title: string }[]) => signedIn(() => HttpResponse.json(items.map(({ code, title }) => ({ code, title }))))
const catalogue = (items: { code: string; bundles?: unknown; bouquets?: unknown }[], key: 'bundles' | 'bouquets') =>
  signedIn(({ params }) => {
    const provider = items.find((p) => p.code === params.code)
    return provider ? HttpResponse.json(products(provider[key] as never)) : notFound('Provider')
  })

export const billsHandlers = [
  http.get('/api/utility/source-accounts', signedIn(({ c }) => HttpResponse.json(c.accounts.filter((a) => a.status === 'ACTIVE')))),
  http.get('/api/utility/logs', signedIn(({ c, request }) => {
    for (const bill of forcedScenario(request, 'bills.requery') ? [] : c.bills) {
      const left = (readsLeft.get(bill.id) ?? 0) - 1
      readsLeft.set(bill.id, left)
      if (bill.vendingStatus === 'PENDING' && left === 0) succeed(bill)
    }
    return HttpResponse.json(c.bills.map((b) => ({ ...b })))
  })),
  http.get('/api/utility/providers/airtime', signedIn(() => HttpResponse.json(billers.airtime))),
  http.get('/api/utility/providers/databundle', list(billers.data)),
  http.get('/api/utility/providers/databundle/:code/bundles', catalogue(billers.data, 'bundles')),
  http.get('/api/utility/providers/electricity', list(billers.electricity)),
  ...['providers', 'roviders'].map((p) => http.get(`/api/utility/${p}/electricity/meter-types`, signedIn(() => HttpResponse.json(billers.meterTypes)))),
  http.post('/api/utility/providers/electricity/meter-info', lookup('meterNumber')),
  http.get('/api/utility/providers/cabletv', list(billers.cableTv)),
  http.get('/api/utility/providers/cabletv/:code/bouquets', catalogue(billers.cableTv, 'bouquets')),
  http.post('/api/utility/providers/cabletv/card-info', lookup('smartCardNumber')),
  ...vendRoutes('airtime'),
  ...vendRoutes('databundle'),
  ...vendRoutes('electricity'),
  ...vendRoutes('cabletv'),
  http.post('/api/utility/passkey-options', signedIn(({ c, persona, body }) => {
    const bill = waiting.get(String(body.utilityVendingRequestId))
    if (!bill) return c.bills.some((b) => b.id === body.utilityVendingRequestId)
      ? problem(400, 'This bill payment is no longer waiting for your approval.', 'Bad Request')
      : notFound('Bill payment')
    return approvalOptions(persona.key)
  })),
]
