/**
 * The savings mocks as a front-end developer meets them: a pocket's movements paged, a
 * `reference` that moves money once, and the catalogue's `savings.move.*` scenarios
 * (fixtures/scenarios.json) forcing a top-up, withdrawal, opening or break: a decline moves
 * nothing and says why, a timeout or an unavailable core is a 503 with nothing moved, a
 * malformed answer moves once. The scenarios' tests run once the fixture lists the ids (the
 * simulator's catalogue gets them with its savings scenarios); until then they are skipped.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { resetMockState } from '../../mocks/state'
import { personas } from '../../mocks/personas'
import { tokenFor } from '../../mocks/session'
import { SCENARIOS, scenarioById } from '../../mocks/forcing/catalogue'
import { SCENARIO_HEADER } from '../../mocks/forcing/forced'
import { clearOverrides, overridesFromParameter, setOverride } from '../../mocks/forcing/overrides'
import { SAVINGS_DECLINED, SAVINGS_OPERATION, SAVINGS_UNAVAILABLE } from './mocks'

const ada = personas.find((p) => p.key === 'ada')!

beforeEach(() => {
  resetMockState()
  clearOverrides()
})

async function call(method: string, path: string, body?: unknown, scenario?: string) {
  const response = await fetch(`${window.location.origin}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokenFor(ada)}`, ...(scenario ? { [SCENARIO_HEADER]: scenario } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

interface Line {
  narration: string
  transactionType: string
  amount: number
  balanceAfter: number
  referenceNumber: string
}

const balanceOf = async (id: number) => ((await call('GET', '/api/savings')).body.pockets as { id: number; balance: number; status: string }[]).find((p) => p.id === id)!
const movements = async (id: number, query = '') => (await call('GET', `/api/savings/pockets/${id}/transactions${query}`)).body as { content: Line[]; totalElements: number; page: number; size: number }

describe('savings mocks', () => {
  it("answer a pocket's movements as §12's page, newest first", async () => {
    const first = await movements(1)
    expect(first).toMatchObject({ totalElements: 11, page: 0, size: 10 })
    expect(first.content.map((l) => l.narration).slice(0, 3)).toEqual(['Withholding tax on interest', 'Interest on Flexible savings', 'Savings withdrawal: Rainy day'])
    expect(first.content[0]).toMatchObject({ transactionType: 'DEBIT', amount: 191.84, balanceAfter: 250_000 })
    const second = await movements(1, '?page=1&size=10')
    expect(second.content).toHaveLength(1)
    expect(second.content[0]).toMatchObject({ narration: 'Savings top-up: Rainy day', transactionType: 'CREDIT', amount: 150_000, balanceAfter: 150_000 })
    expect((await call('GET', '/api/savings/pockets/99/transactions')).body.detail).toBe('Savings pocket not found')
  })

  it('move money once per reference, and list the move on the pocket with the account line’s reference', async () => {
    const body = { amount: 5_000, reference: 'retry-me' }
    expect((await call('POST', '/api/savings/pockets/1/top-up', body)).status).toBe(200)
    expect((await call('POST', '/api/savings/pockets/1/top-up', body)).status).toBe(200)
    expect((await balanceOf(1)).balance).toBe(255_000)
    const [latest] = (await movements(1)).content
    expect(latest).toMatchObject({ narration: 'Savings top-up: Rainy day', transactionType: 'CREDIT', amount: 5_000, balanceAfter: 255_000 })
    const history = (await call('GET', '/api/ibanking/personal/transactions?accountNumber=1020000115')).body.content as Line[]
    expect(history.find((l) => l.referenceNumber === latest.referenceNumber)).toMatchObject({ narration: 'Savings top-up: Rainy day', transactionType: 'DEBIT' })
    const opened = { product: 'FLEXIBLE', name: 'Holiday', sourceAccountNumber: '1020000115', amount: 1_000, reference: 'open-once' }
    const a = await call('POST', '/api/savings/pockets', opened)
    const b = await call('POST', '/api/savings/pockets', opened)
    expect(b.body.id).toBe(a.body.id)
    expect((await call('GET', '/api/savings')).body.pockets).toHaveLength(4)
  })

  const IDS = ['savings.move.decline-96', 'savings.move.timeout', 'savings.move.unavailable', 'savings.move.malformed']

  it('know every savings.move scenario of the catalogue', () => {
    expect(SCENARIOS.filter((s) => s.operation === SAVINGS_OPERATION).map((s) => s.id).sort()).toEqual(IDS.filter((id) => scenarioById(id)).sort())
  })

  const EXPECTED: Record<string, { status: number; detail?: string; moved: boolean }> = {
    'savings.move.decline-96': { status: 400, detail: SAVINGS_DECLINED, moved: false },
    'savings.move.timeout': { status: 503, detail: SAVINGS_UNAVAILABLE, moved: false },
    'savings.move.unavailable': { status: 503, detail: SAVINGS_UNAVAILABLE, moved: false },
    'savings.move.malformed': { status: 200, moved: true },
  }

  describe.each(IDS)('%s', (id) => {
    const expected = EXPECTED[id]
    it.skipIf(!scenarioById(id))('decides a top-up, and a retry with the same reference moves it once', async () => {
      const body = { amount: 5_000, reference: `scenario-${id}` }
      const answer = await call('POST', '/api/savings/pockets/1/top-up', body, id)
      expect(answer.status).toBe(expected.status)
      if (expected.detail) expect(answer.body.detail).toBe(expected.detail)
      expect((await balanceOf(1)).balance).toBe(expected.moved ? 255_000 : 250_000)
      expect((await call('POST', '/api/savings/pockets/1/top-up', body)).status).toBe(200)
      expect((await balanceOf(1)).balance).toBe(255_000)
    })

    it.skipIf(!scenarioById(id))('decides a withdrawal and an opening', async () => {
      expect((await call('POST', '/api/savings/pockets/3/withdraw', { amount: 1_000 }, id)).status).toBe(expected.status)
      expect((await balanceOf(3)).balance).toBe(expected.moved ? 179_000 : 180_000)
      const opened = await call('POST', '/api/savings/pockets', { product: 'FLEXIBLE', name: 'Holiday', sourceAccountNumber: '1020000115', amount: 1_000 }, id)
      expect(opened.status).toBe(expected.moved ? 201 : expected.status)
      expect((await call('GET', '/api/savings')).body.pockets).toHaveLength(expected.moved ? 4 : 3)
    })

    it.skipIf(!scenarioById(id))('decides a break once the code is right (forced from the dev panel)', async () => {
      const { valid } = overridesFromParameter(id)
      valid.forEach(setOverride)
      expect((await call('POST', '/api/savings/pockets/2/break', {})).status).toBe(202)
      const answer = await call('POST', '/api/savings/pockets/2/break', { otp: '123456' })
      expect(answer.status).toBe(expected.moved ? 200 : expected.status === 400 ? 409 : expected.status)
      expect((await balanceOf(2)).status).toBe(expected.moved ? 'BROKEN' : 'ACTIVE')
    })
  })
})
