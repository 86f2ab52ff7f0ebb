/**
 * Every id of the simulator's catalogue (fixtures/scenarios.json) is taken by the mocks too:
 * sent in `X-Sim-Scenario` to an endpoint of its operation, it changes the answer the way
 * the catalogue says, and the answer is still one the OpenAPI document allows.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { customerOf, resetMockState as resetMockBank } from '../state'
import { requireSelfie } from '../liveness'
import { checkResponse } from '../../test/openapiValidator'
import { personas } from '../personas'
import { tokenFor } from '../session'
import { OPERATIONS, SCENARIOS, settlementOf, type Scenario } from './catalogue'
import { SCENARIO_HEADER } from './forced'
import { EVERY_ENDPOINT, clearOverrides, overridesFromParameter, setOverride } from './overrides'
import { ENDPOINTS_OF_OPERATION, FEATURE_OPERATIONS, STATE_OPERATIONS } from './requestKinds'

const ada = personas.find((p) => p.key === 'ada')!
const SAVINGS = '1020000115'

beforeEach(() => {
  resetMockBank()
  clearOverrides()
})

/**
 * One call to the mocks; its answer is checked against the OpenAPI document unless `checked`
 * is false, for the dev-only answers no BFF route sends (a forced 500, an unknown scenario id).
 */
async function call(method: string, path: string, body?: unknown, scenario?: string, checked = true) {
  const response = await fetch(`${window.location.origin}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${tokenFor(ada)}`,
      ...(scenario ? { [SCENARIO_HEADER]: scenario } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const contentType = response.headers.get('content-type') ?? ''
  const text = await response.text()
  const json = text && contentType.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : null
  if (checked) expect(checkResponse(method, path.split('?')[0], response.status, contentType, json).problems).toEqual([])
  return { status: response.status, body: json }
}

const TRANSFER = { sourceAccountNumber: SAVINGS, amount: 500, description: 'scenario' }
const toOtherBank = { ...TRANSFER, destinationAccountNumber: '9000000014', destinationBankCode: '000013' }
const toKobo = { ...TRANSFER, destinationAccountNumber: '1020000218' }
const AIRTIME = { nuban: SAVINGS, amount: 100, phoneNumber: '08031234501', airtimeProviderCode: 'MTN', utilityProductType: 'AIRTIME' }

/** Starts a money operation and confirms it under `scenario`: the confirm's answer. */
async function confirmUnder(scenario: Scenario) {
  if (scenario.operation === 'bills.vend') {
    const started = await call('POST', '/api/utility/providers/airtime/vend/initiate', AIRTIME)
    return call('POST', '/api/utility/providers/airtime/vend/confirm', { utilityVendingRequestId: started.body!.utilityVendingRequestId, otp: '123456' }, scenario.id)
  }
  const other = scenario.operation === 'nip.transfer'
  const started = await call('POST', other ? '/api/transfer/other-banks' : '/api/transfer/intrabank', other ? toOtherBank : toKobo)
  return call('POST', other ? '/api/transfer/other-banks/confirm' : '/api/transfer/intrabank/confirm', { id: started.body!.id, otp: '123456' }, scenario.id)
}

const STATUS_OF = { declined: 422, completed: 200, pending: 202 }

describe('the scenario catalogue in the mocks', () => {
  it('maps every operation of the catalogue to endpoints that show it', () => {
    expect(OPERATIONS.filter((operation) => !ENDPOINTS_OF_OPERATION[operation]?.length)).toEqual([])
  })

  const money = SCENARIOS.filter((s) => ['nip.transfer', 'ledger.transfer', 'bills.vend'].includes(s.operation))
  it.each(money.map((s) => [s.id, s] as const))('%s decides the money outcome', async (_, scenario) => {
    const answer = await confirmUnder(scenario)
    expect(answer.status).toBe(STATUS_OF[settlementOf(scenario.rule).kind])
  })

  it.each(SCENARIOS.filter((s) => s.operation === 'nip.tsq').map((s) => [s.id, s] as const))(
    '%s keeps a Pending transfer Pending',
    async (_, scenario) => {
      const started = await call('POST', '/api/transfer/other-banks', toOtherBank)
      const id = String(started.body!.id)
      await call('POST', '/api/transfer/other-banks/confirm', { id, otp: '123456' }, 'nip.transfer.pending-then-00')
      for (let check = 0; check < 3; check++) {
        expect((await call('GET', `/api/transfer/${id}`, undefined, scenario.id)).body!.status).toBe('PENDING')
      }
      // Without the scenario the status queries settle it.
      await call('GET', `/api/transfer/${id}`)
      expect((await call('GET', `/api/transfer/${id}`)).body!.status).toBe('COMPLETED')
    },
  )

  const lookups = SCENARIOS.filter((s) => !FEATURE_OPERATIONS.has(s.operation) && !STATE_OPERATIONS.has(s.operation))
  it.each(lookups.map((s) => [s.id, s] as const))('%s changes the answer of its endpoints', async (_, scenario) => {
    const endpoint = ENDPOINTS_OF_OPERATION[scenario.operation][0]
    const path = endpoint.path.replace(/:[A-Za-z]+/g, 'airtime')
    const answer = await call(endpoint.method, path, endpoint.method === 'GET' ? undefined : {}, scenario.id)
    if (scenario.rule.effect === 'delay') expect(answer.status).not.toBe(503)
    else if (scenario.rule.effect === 'decline' && scenario.operation !== 'messaging.send') expect(answer.status).toBe(400)
    else expect(answer.status).toBe(503)
  })

  const byId = (id: string) => SCENARIOS.find((s) => s.id === id)!
  const RISK = ['risk.check.step-up', 'risk.check.hold', 'risk.check.block', 'risk.watch-list.mule']
  it('lists every risk.check scenario it takes', () => {
    expect(SCENARIOS.filter((s) => s.operation === 'risk.check').map((s) => s.id).sort()).toEqual([...RISK].sort())
  })

  it('risk.check.step-up: the initiation carries the warning, and the confirm needs it acknowledged', async () => {
    const started = await call('POST', '/api/transfer/intrabank', toKobo, byId('risk.check.step-up').id)
    expect(started.status).toBe(201)
    const warning = started.body!.riskWarning as { title: string; reasons: string[]; message: string }
    expect(warning.title).toBe('Check before you send')
    expect(warning.reasons).toContain('You have not paid this account before.')
    expect(warning.message).toMatch(/^Has anyone asked you to send this money/)
    const id = started.body!.id
    const refused = await call('POST', '/api/transfer/intrabank/confirm', { id, otp: '123456' })
    expect(refused.status).toBe(400)
    expect(refused.body!.errors).toEqual([{ field: 'acknowledgeWarning', message: 'Please confirm that you have read the warning before you send' }])
    expect((await call('POST', '/api/transfer/intrabank/confirm', { id, otp: '123456', acknowledgeWarning: true })).status).toBe(200)
  })

  it('risk.check.hold: the confirm answers 202, held for review, and the money stays reserved', async () => {
    const started = await call('POST', '/api/transfer/other-banks', toOtherBank, 'risk.check.hold')
    expect(started.body!.riskWarning).toBeNull()
    const id = String(started.body!.id)
    const held = await call('POST', '/api/transfer/other-banks/confirm', { id, otp: '123456' })
    expect(held.status).toBe(202)
    expect(held.body).toMatchObject({ status: 'PENDING', heldForReview: true })
    expect(held.body!.message).toMatch(/^This payment is waiting for a check by our team/)
    for (let check = 0; check < 3; check++) expect((await call('GET', `/api/transfer/${id}`)).body).toMatchObject({ status: 'PENDING', heldForReview: true })
    const savings = ((await call('GET', '/api/accounts')).body as unknown as { accountNumber: string; availableBalance: number }[]).find((a) => a.accountNumber === SAVINGS)!
    expect(savings.availableBalance).toBe(450_000 - 500)
  })

  it.each([
    ['risk.check.block', 'Kobo cannot send this payment. Please call customer service.'],
    ['risk.watch-list.mule', 'This account has been reported to the banks as used for fraud, so Kobo will not send money to it. If someone asked you to pay it, do not pay them another way.'],
  ])('%s refuses the initiation with the reason and no field', async (id, reason) => {
    const refused = await call('POST', '/api/transfer/intrabank', toKobo, id)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ detail: reason })
    expect(refused.body!.errors).toBeUndefined()
  })

  it("the watch-list's magic account is blocked with no scenario; in a batch, on its row", async () => {
    const mule = { ...TRANSFER, destinationAccountNumber: '9000000083', destinationBankCode: '000013' }
    expect((await call('POST', '/api/transfer/other-banks', mule)).body!.detail).toMatch(/^This account has been reported/)
    const batch = await call('POST', '/api/transfer/bulk', { transfers: [toKobo, mule] })
    expect(batch.body!.errors).toEqual([{ field: 'transfers[1].row', message: expect.stringMatching(/^This account has been reported/) }])
  })

  it.each(SCENARIOS.filter((s) => s.operation === 'core.inflow').map((s) => [s.id] as const))('%s fails the confirm with code 34', async (id) => {
    const started = await call('POST', '/api/transfer/intrabank', toKobo)
    const failed = await call('POST', '/api/transfer/intrabank/confirm', { id: started.body!.id, otp: '123456' }, id)
    expect(failed.status).toBe(422)
    expect(failed.body).toMatchObject({
      responseCode: '34',
      detail: 'We have paused payments out of this account while our team checks money paid into it. We will contact you; you can also call customer service. Your account was not debited.',
    })
  })

  const LIVENESS = {
    'identity.liveness.pass': { status: 'PASSED', attemptsLeft: 2, message: 'Thank you. Your selfie matches your BVN photo.' },
    'identity.liveness.fail': {
      status: 'FAILED',
      attemptsLeft: 2,
      message: 'We could not match your selfie to your BVN photo. Face the camera in good light, without glasses or a hat, and try again.',
    },
    'identity.liveness.spoof': {
      status: 'FAILED',
      attemptsLeft: 2,
      message: 'This does not look like a live photo of you. Take a new selfie with your camera, not a photo of a screen or a printed photo, and try again.',
    },
  }
  const SELFIE = { image: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }
  it('lists every identity.liveness scenario it takes', () => {
    expect(SCENARIOS.filter((s) => s.operation === 'identity.liveness').map((s) => s.id).sort()).toEqual(Object.keys(LIVENESS).sort())
  })
  it.each(Object.entries(LIVENESS))('%s decides the selfie', async (id, expected) => {
    requireSelfie(customerOf(ada))
    expect((await call('GET', '/api/ibanking/personal/liveness')).body).toMatchObject({ status: 'REQUIRED', attemptsLeft: 3 })
    expect((await call('POST', '/api/ibanking/personal/liveness', SELFIE, id)).body).toEqual(expected)
  })
  it('the third failed selfie is referred to a person; not a photo is refused', async () => {
    requireSelfie(customerOf(ada))
    expect((await call('POST', '/api/ibanking/personal/liveness', { image: 'data:text/plain;base64,aGk=' })).status).toBe(400)
    for (let attempt = 0; attempt < 2; attempt++) await call('POST', '/api/ibanking/personal/liveness', SELFIE, 'identity.liveness.fail')
    const referred = await call('POST', '/api/ibanking/personal/liveness', SELFIE, 'identity.liveness.fail')
    expect(referred.body).toMatchObject({ status: 'REFERRED', attemptsLeft: 0 })
    expect((await call('POST', '/api/ibanking/personal/liveness', SELFIE)).status).toBe(409)
  })

  it.each(SCENARIOS.filter((s) => s.operation === 'bills.requery').map((s) => [s.id] as const))('%s is taken on the bill log', async (id) => {
    expect((await call('GET', '/api/utility/logs', undefined, id)).status).toBe(200)
  })

  it('refuses an id the catalogue does not have, as the BFF does', async () => {
    expect((await call('GET', '/api/accounts', undefined, 'nip.transfer.explode', false)).status).toBe(400)
  })

  it('applies a chosen override until it is removed, and the URL parameter sets them', async () => {
    const { valid, unknown } = overridesFromParameter('bills.vend.decline-96,slow,nope')
    expect(valid).toEqual([
      { target: 'bills.vend', choice: 'bills.vend.decline-96' },
      { target: EVERY_ENDPOINT, choice: 'slow' },
    ])
    expect(unknown).toEqual(['nope'])
    setOverride({ target: 'GET /api/accounts', choice: 'server-error' })
    expect((await call('GET', '/api/accounts', undefined, undefined, false)).status).toBe(500)
    expect((await call('GET', '/api/beneficiaries')).status).toBe(200)
    setOverride({ target: 'accounts.read', choice: 'accounts.read.unavailable' })
    expect((await call('GET', '/api/client-summary')).status).toBe(503)
    clearOverrides()
    expect((await call('GET', '/api/accounts')).status).toBe(200)
  })
})

describe('generic forced outcomes', () => {
  it('empty answers the documented shape with nothing in it, and leaves what has no empty form', async () => {
    setOverride({ target: EVERY_ENDPOINT, choice: 'empty' })
    expect((await call('GET', '/api/beneficiaries')).body).toEqual([])
    const page = (await call('GET', `/api/ibanking/personal/transactions?accountNumber=${SAVINGS}`)).body!
    expect(page.content).toEqual([])
    expect(page.totalElements).toBe(0)
    expect((await call('GET', '/api/kyc/status')).status).toBe(200)
  })

  it('offline is a network error', async () => {
    setOverride({ target: 'GET /api/accounts', choice: 'offline' })
    await expect(fetch(`${window.location.origin}/api/accounts`)).rejects.toThrow()
  })
})
