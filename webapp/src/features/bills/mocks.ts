/**
 * MSW handlers for /api/utility/*, stateful over the mock bank: the biller
 * catalogue of fixtures/billers.json, meter and smart-card look-ups (the
 * magic numbers of fixtures/scenarios.json, `451…` meters and `71…` cards),
 * the code step and outcomes by number: meter 45000000002 and phone
 * 08099990002 fail (422, nothing debited); meter 45000000003 / 45000000004 and
 * phone 08099990003 answer Pending and succeed on the second history read.
 */
import { http, HttpResponse } from 'msw'
import billersFixture from '../../../../fixtures/billers.json'
import scenarios from '../../../../fixtures/scenarios.json'
import type { Account, BillFailedProblem } from '../../api/types'
import type { Persona } from '../../mocks/personas'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import { newMockReference, rememberMockReceipt } from '../history/mocks'
import { MOCK_OTP, bankOf, limitOf, onMockBankReset, post } from '../accounts/mockBank'
import { INVALID_OTP, codeSent, unauthorized } from '../accounts/mocks'
import { settlementOf, type ScenarioRule } from '../../mocks/forcing/catalogue'
import { forcedScenario } from '../../mocks/forcing/forced'
import type { AirtimeProvider, BillLog, BillProduct, Holder, Product, Provider, VendPending, VendRequest, VendResult } from './types'

interface FixtureProduct {
  code: string
  title: string
  priceKobo: number
  validity?: string
}
interface Billers {
  airtime: AirtimeProvider[]
  data: { code: string; title: string; bundles: FixtureProduct[] }[]
  electricity: { code: string; title: string; tariffKoboPerKwh: number }[]
  meterTypes: string[]
  cableTv: { code: string; title: string; bouquets: FixtureProduct[] }[]
}
interface BillerScenario {
  customerId: string
  name?: string
  phone?: string
  address?: string
  validate?: { responseCode: string }
  vend?: { responseCode?: string; effect?: string }
}

export const MOCK_BILLERS = billersFixture as unknown as Billers
const SCENARIOS: BillerScenario[] = (scenarios as unknown as { billers: BillerScenario[] }).billers

const NOT_DEBITED = 'Your account was not debited.'
export const VEND_FAILED = `The biller could not complete the payment. ${NOT_DEBITED}`
export const MOCK_PENDING_MESSAGE = 'Your payment is being processed. We will send you an SMS when it completes.'
/** How many history reads a Pending mock bill takes to settle. */
export const READS_TO_SETTLE = 2

interface MockVend {
  persona: string
  product: BillProduct
  bill: BillLog
  confirmed: boolean
  /** The first confirm's answer, repeated on a second confirm. */
  outcome: VendOutcome | null
  readsLeft: number
}

let vends = new Map<string, MockVend>()
let nextId = 1
onMockBankReset(() => {
  vends = new Map()
  nextId = 1
})

const pad = (n: number) => String(n).padStart(2, '0')
function now(): string {
  const d = new Date()
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

const refuse = (detail: string, field: string) => fieldErrors([{ field, message: detail }])

const products = (items: FixtureProduct[]): Product[] =>
  items.map((p) => ({ code: p.code, title: p.title, amount: p.priceKobo / 100, validity: p.validity ?? null }))

function scenarioOf(number: string): BillerScenario | undefined {
  return SCENARIOS.find((s) => s.customerId === number)
}

/** The biller's answer to a meter or smart-card look-up. */
export function mockHolder(category: 'ELECTRICITY' | 'CABLE_TV', number: string): Holder | null {
  const scenario = scenarioOf(number)
  if (scenario?.validate) return null
  if (scenario?.name) return { name: scenario.name, phoneNumber: scenario.phone ?? null, address: scenario.address ?? null }
  if (category === 'ELECTRICITY' && /^451\d{8}$/.test(number)) {
    return { name: 'Chidi Okonkwo', phoneNumber: '08055512345', address: '12 Adeola Odeku Street, Victoria Island' }
  }
  if (category === 'CABLE_TV' && /^71\d{8}$/.test(number)) return { name: 'Funmi Ogunleye', phoneNumber: null, address: null }
  return null
}

function lookup(category: 'ELECTRICITY' | 'CABLE_TV', providerCode: string | null | undefined, number: string | null | undefined) {
  const numberField = category === 'ELECTRICITY' ? 'meterNumber' : 'smartCardNumber'
  const providerField = category === 'ELECTRICITY' ? 'electricityProviderCode' : 'cableTvProviderCode'
  const missing = [
    [numberField, number],
    [providerField, providerCode],
  ]
    .filter(([, value]) => !value)
    .map(([field]) => ({ field: field as string, message: 'This field is required' }))
  if (missing.length) return fieldErrors(missing)
  const digits = (number ?? '').trim()
  if (!/^\d{6,20}$/.test(digits)) return refuse('Enter the number as digits only', numberField)
  const providers = category === 'ELECTRICITY' ? MOCK_BILLERS.electricity : MOCK_BILLERS.cableTv
  if (!providers.some((p) => p.code === providerCode)) return refuse('Choose a provider from the list', providerField)
  const holder = mockHolder(category, digits)
  if (!holder) {
    const what = category === 'ELECTRICITY' ? 'meter' : 'smart card'
    return refuse(`We could not find this ${what}. Check the number and the provider.`, numberField)
  }
  return holder
}

const isResponse = (value: unknown): value is Response => value instanceof Response

function titleOf(product: BillProduct, code: string): string | null {
  const list: { code: string; title: string }[] =
    product === 'AIRTIME'
      ? MOCK_BILLERS.airtime
      : product === 'DATA'
        ? MOCK_BILLERS.data
        : product === 'ELECTRICITY_BILL'
          ? MOCK_BILLERS.electricity
          : MOCK_BILLERS.cableTv
  return list.find((p) => p.code === code)?.title ?? null
}

/** The BFF's checks of one vend (bff/bills/service.py `_validated`), in the same order. */
function plan(persona: Persona, product: BillProduct, data: VendRequest): BillLog | Response {
  const providerField = {
    AIRTIME: 'airtimeProviderCode',
    DATA: 'dataBundleProviderCode',
    ELECTRICITY_BILL: 'electricityProviderCode',
    CABLE_TV: 'cableTvProviderCode',
  }[product] as keyof VendRequest
  const required: [string, unknown][] = [
    ['nuban', data.nuban],
    ['amount', data.amount],
  ]
  if (product === 'AIRTIME' || product === 'DATA') required.push(['phoneNumber', data.phoneNumber])
  required.push([providerField, data[providerField]])
  if (product === 'DATA') required.push(['dataBundleCode', data.dataBundleCode])
  if (product === 'ELECTRICITY_BILL') required.push(['electricityMeterNum', data.electricityMeterNum], ['meterType', data.meterType])
  if (product === 'CABLE_TV') required.push(['cableTvBouquetCode', data.cableTvBouquetCode], ['cableTvSmartCardNum', data.cableTvSmartCardNum])
  const errors = required.filter(([, v]) => v === null || v === undefined || v === '').map(([field]) => ({ field, message: 'This field is required' }))
  const phone = (data.phoneNumber ?? '').trim()
  if (phone && !/^\d{11}$/.test(phone)) errors.push({ field: 'phoneNumber', message: 'Mobile Number must be 11 characters' })
  if (errors.length) return fieldErrors(errors)

  const amountKobo = Math.round(Number(data.amount) * 100)
  if (!(amountKobo > 0)) return refuse('Amount must be greater than zero', 'amount')
  const providerCode = String(data[providerField])
  const providerTitle = titleOf(product, providerCode)
  if (!providerTitle) return refuse('Choose a provider from the list', providerField)
  const source = bankOf(persona).accounts.find((a) => a.accountNumber === data.nuban && a.status === 'ACTIVE')
  if (!source) return problem(404, 'Account not found', 'Not Found')

  const bill: BillLog = {
    id: `mock-bill-${nextId++}`,
    dateCreated: now(),
    utilityProductType: product,
    amount: amountKobo / 100,
    vendingStatus: 'PENDING',
    reference: '',
    sourceAccount: source.accountNumber,
    vender: providerCode,
    utilityProviderTitle: providerTitle,
    phoneNumber: phone || null,
    dataBundleCode: null,
    electricityMeterNumber: null,
    electricityMeterOwner: null,
    electricityMeterOwnerPhoneNumber: null,
    electricityMeterOwnerAddress: null,
    electricityMeterType: null,
    vendingToken: null,
    units: null,
    cableTvSmartCardNumber: null,
    cableTvBouquetCode: null,
    message: null,
  }
  // One reference for life: the confirm answer, the history line and the receipt all carry it.
  bill.reference = newMockReference()

  if (product === 'AIRTIME') {
    if (amountKobo < 5000) return refuse(`The least airtime you can buy is ${naira(5000)}`, 'amount')
  } else if (product === 'DATA' || product === 'CABLE_TV') {
    const code = product === 'DATA' ? data.dataBundleCode : data.cableTvBouquetCode
    const items =
      product === 'DATA'
        ? MOCK_BILLERS.data.find((p) => p.code === providerCode)?.bundles
        : MOCK_BILLERS.cableTv.find((p) => p.code === providerCode)?.bouquets
    const item = items?.find((p) => p.code === code)
    if (!item) return refuse('Choose a product from the list', 'productCode')
    if (item.priceKobo !== amountKobo) return refuse('The amount does not match the price of this product', 'amount')
    if (product === 'DATA') bill.dataBundleCode = item.code
    else {
      const holder = lookup('CABLE_TV', providerCode, data.cableTvSmartCardNum)
      if (isResponse(holder)) return holder
      bill.cableTvSmartCardNumber = (data.cableTvSmartCardNum ?? '').trim()
      bill.cableTvBouquetCode = item.code
    }
  } else {
    const meterType = (data.meterType ?? '').toUpperCase()
    if (!MOCK_BILLERS.meterTypes.includes(meterType)) return refuse('Choose a meter type from the list', 'meterType')
    if (amountKobo < 50000) return refuse(`The least you can pay is ${naira(50000)}`, 'amount')
    const holder = lookup('ELECTRICITY', providerCode, data.electricityMeterNum)
    if (isResponse(holder)) return holder
    bill.electricityMeterNumber = (data.electricityMeterNum ?? '').trim()
    bill.electricityMeterType = meterType
    bill.electricityMeterOwner = holder.name
    bill.electricityMeterOwnerPhoneNumber = holder.phoneNumber ?? null
    bill.electricityMeterOwnerAddress = holder.address ?? null
  }

  const limit = limitOf(persona, source.accountNumber, 'BILL_PAYMENT')
  if (amountKobo > limit.singleKobo) return refuse(`This amount is above your limit of ${naira(limit.singleKobo)} per transaction`, 'amount')
  if (amountKobo > Math.round(source.availableBalance * 100)) return refuse('Insufficient funds', 'amount')
  return bill
}

/** The customer number the biller's magic outcomes are keyed on. */
const customerNumberOf = (bill: BillLog) => bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber ?? ''

function tokenFor(bill: BillLog) {
  if (bill.utilityProductType !== 'ELECTRICITY_BILL' || bill.electricityMeterType !== 'PREPAID') return
  const digits = String(bill.amount * 7919 + nextId * 104729).padStart(20, '3')
  bill.vendingToken = `${digits}`.slice(-20)
  bill.units = `${(Math.floor((bill.amount / 209.5) * 100) / 100).toFixed(2)} kWh`
}

function succeed(bill: BillLog) {
  bill.vendingStatus = 'SUCCESS'
  bill.message = 'Successful'
  tokenFor(bill)
}

function sourceOf(persona: Persona, bill: BillLog): Account {
  return bankOf(persona).accounts.find((a) => a.accountNumber === bill.sourceAccount)!
}

/** A forced catalogue scenario in the shape of the magic numbers' `vend` rule. */
function vendRuleOf(rule: ScenarioRule): BillerScenario['vend'] {
  const settlement = settlementOf(rule)
  if (settlement.kind === 'declined') return { responseCode: settlement.code }
  return settlement.kind === 'pending' ? { effect: 'pending' } : { responseCode: '00' }
}

/** A confirm's answer: the bill (200 done, 202 Pending) or the biller's refusal (422). */
type VendOutcome = { status: 200 | 202; body: VendResult } | { status: 422; body: BillFailedProblem }

function confirm(persona: Persona, vend: MockVend, forced: ScenarioRule | null): VendOutcome {
  const { bill } = vend
  const outcome = forced ? vendRuleOf(forced) : scenarioOf(customerNumberOf(bill))?.vend
  if (outcome?.responseCode && outcome.responseCode !== '00') {
    bill.vendingStatus = 'FAILED'
    bill.message = VEND_FAILED
    return {
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Bill Payment Failed',
        status: 422,
        detail: VEND_FAILED,
        utilityVendingRequestId: bill.id,
        referenceNumber: bill.reference,
        vendingStatus: 'FAILED',
      } satisfies BillFailedProblem,
    }
  }
  post(sourceOf(persona, bill), -bill.amount)
  if (outcome?.effect === 'pending' || outcome?.effect === 'timeout') {
    bill.vendingStatus = 'PENDING'
    bill.message = MOCK_PENDING_MESSAGE
    vend.readsLeft = READS_TO_SETTLE
    rememberMockReceipt(vend.persona, bill.reference)
    return { status: 202, body: { message: MOCK_PENDING_MESSAGE, bill: { ...bill } } satisfies VendResult }
  }
  succeed(bill)
  rememberMockReceipt(vend.persona, bill.reference)
  return { status: 200, body: { message: 'Successful', bill: { ...bill } } satisfies VendResult }
}

function vendHandlers(product: BillProduct, segment: string) {
  return [
    http.post(`/api/utility/providers/${segment}/vend/initiate`, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const planned = plan(persona, product, ((await request.json()) ?? {}) as VendRequest)
      if (isResponse(planned)) return planned
      vends.set(planned.id, { persona: persona.key, product, bill: planned, confirmed: false, outcome: null, readsLeft: 0 })
      const sent = codeSent(bankOf(persona).twoFactor)
      return HttpResponse.json<VendPending>({ utilityVendingRequestId: planned.id, ...sent }, { status: 201 })
    }),

    http.post(`/api/utility/providers/${segment}/vend/confirm`, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const body = ((await request.json()) ?? {}) as { otp?: string; utilityVendingRequestId?: string }
      const vend = vends.get(body.utilityVendingRequestId ?? '')
      if (!vend || vend.persona !== persona.key || vend.product !== product) return problem(404, 'Bill payment not found', 'Not Found')
      if (vend.outcome) return HttpResponse.json(vend.outcome.body, { status: vend.outcome.status })
      if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
      vend.confirmed = true
      vend.outcome = confirm(persona, vend, forcedScenario(request, 'bills.vend')?.rule ?? null)
      return HttpResponse.json(vend.outcome.body, {
        status: vend.outcome.status,
        headers: vend.outcome.status === 422 ? { 'Content-Type': 'application/problem+json' } : undefined,
      })
    }),
  ]
}

/** The persona's confirmed bills, newest first; a Pending one settles after a few reads. */
function logsOf(persona: Persona, requeryForced: boolean): BillLog[] {
  const own = [...vends.values()].filter((v) => v.persona === persona.key && v.confirmed)
  // A forced bills.requery scenario: the requery learns nothing, Pending bills stay Pending.
  for (const vend of requeryForced ? [] : own) {
    if (vend.bill.vendingStatus !== 'PENDING') continue
    vend.readsLeft -= 1
    if (vend.readsLeft <= 0) succeed(vend.bill)
  }
  return own.map((v) => ({ ...v.bill })).reverse()
}

/** Seeds a persona's bill history (for tests and `dev:mock`); seeded Pending bills stay Pending. */
export function seedMockBills(personaKey: string, bills: BillLog[]) {
  for (const bill of bills) {
    vends.set(bill.id, {
      persona: personaKey,
      product: bill.utilityProductType as BillProduct,
      bill: { ...bill },
      confirmed: true,
      outcome: null,
      readsLeft: Number.POSITIVE_INFINITY,
    })
  }
}

const meterTypes = ({ request }: { request: Request }) =>
  personaFromRequest(request) ? HttpResponse.json<string[]>(MOCK_BILLERS.meterTypes) : unauthorized()

export const billsHandlers = [
  http.get('/api/utility/source-accounts', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<Account[]>(bankOf(persona).accounts.filter((a) => a.status === 'ACTIVE'))
  }),
  http.get('/api/utility/logs', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<BillLog[]>(logsOf(persona, forcedScenario(request, 'bills.requery') !== null))
  }),

  http.get('/api/utility/providers/airtime', ({ request }) =>
    personaFromRequest(request) ? HttpResponse.json<AirtimeProvider[]>(MOCK_BILLERS.airtime) : unauthorized(),
  ),
  http.get('/api/utility/providers/databundle', ({ request }) =>
    personaFromRequest(request)
      ? HttpResponse.json<Provider[]>(MOCK_BILLERS.data.map(({ code, title }) => ({ code, title })))
      : unauthorized(),
  ),
  http.get('/api/utility/providers/databundle/:code/bundles', ({ request, params }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const provider = MOCK_BILLERS.data.find((p) => p.code === params.code)
    return provider ? HttpResponse.json<Product[]>(products(provider.bundles)) : problem(404, 'Provider not found', 'Not Found')
  }),
  http.get('/api/utility/providers/electricity', ({ request }) =>
    personaFromRequest(request)
      ? HttpResponse.json<Provider[]>(MOCK_BILLERS.electricity.map(({ code, title }) => ({ code, title })))
      : unauthorized(),
  ),
  http.get('/api/utility/roviders/electricity/meter-types', meterTypes),
  http.get('/api/utility/providers/electricity/meter-types', meterTypes),
  http.post('/api/utility/providers/electricity/meter-info', async ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const body = ((await request.json()) ?? {}) as { meterNumber?: string; electricityProviderCode?: string }
    const found = lookup('ELECTRICITY', body.electricityProviderCode, body.meterNumber)
    return isResponse(found) ? found : HttpResponse.json<Holder>(found)
  }),
  http.get('/api/utility/providers/cabletv', ({ request }) =>
    personaFromRequest(request)
      ? HttpResponse.json<Provider[]>(MOCK_BILLERS.cableTv.map(({ code, title }) => ({ code, title })))
      : unauthorized(),
  ),
  http.get('/api/utility/providers/cabletv/:code/bouquets', ({ request, params }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const provider = MOCK_BILLERS.cableTv.find((p) => p.code === params.code)
    return provider ? HttpResponse.json<Product[]>(products(provider.bouquets)) : problem(404, 'Provider not found', 'Not Found')
  }),
  http.post('/api/utility/providers/cabletv/card-info', async ({ request }) => {
    if (!personaFromRequest(request)) return unauthorized()
    const body = ((await request.json()) ?? {}) as { smartCardNumber?: string; cableTvProviderCode?: string }
    const found = lookup('CABLE_TV', body.cableTvProviderCode, body.smartCardNumber)
    return isResponse(found) ? found : HttpResponse.json<Holder>(found)
  }),

  ...vendHandlers('AIRTIME', 'airtime'),
  ...vendHandlers('DATA', 'databundle'),
  ...vendHandlers('ELECTRICITY_BILL', 'electricity'),
  ...vendHandlers('CABLE_TV', 'cabletv'),
]
