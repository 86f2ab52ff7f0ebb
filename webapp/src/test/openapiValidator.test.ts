/** The contract check itself fails on what it must catch (so contract.test.ts can fail). */
import { describe, expect, it } from 'vitest'
import { checkResponse } from './openapiValidator'

const account = {
  accountNumber: '1020000115',
  accountName: 'Ada Okafor',
  accountTypeId: 1,
  accountTypeName: 'Savings Account',
  availableBalance: 1500.5,
  ledgerBalance: 1500.5,
  currency: 'NGN',
  status: 'ACTIVE',
}

describe('checkResponse', () => {
  it('accepts an answer the document declares', () => {
    expect(checkResponse('GET', '/api/accounts', 200, 'application/json', [account]).problems).toEqual([])
  })

  it('refuses a field the document does not have', () => {
    const [problem] = checkResponse('GET', '/api/accounts', 200, 'application/json', [{ ...account, nickname: 'x' }]).problems
    expect(problem).toMatch(/additional properties 'nickname'/)
  })

  it('refuses a missing field and a wrong type', () => {
    const { accountTypeName: _, ...missing } = account
    expect(checkResponse('GET', '/api/accounts', 200, 'application/json', [missing]).problems[0]).toMatch(/accountTypeName/)
    expect(checkResponse('GET', '/api/accounts', 200, 'application/json', [{ ...account, availableBalance: '1500' }]).problems[0]).toMatch(
      /availableBalance must be number/,
    )
  })

  it('refuses a success status the document does not declare, and a path it does not have', () => {
    expect(checkResponse('GET', '/api/accounts', 202, 'application/json', [account]).problems[0]).toMatch(/status not declared/)
    expect(checkResponse('GET', '/api/acounts', 200, 'application/json', []).problems[0]).toMatch(/no such operation/)
    expect(checkResponse('PUT', '/api/accounts', 200, 'application/json', []).problems[0]).toMatch(/no such operation/)
  })

  it('checks problem documents against the declared error range', () => {
    const problem = { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Your session has expired.' }
    expect(checkResponse('GET', '/api/accounts', 401, 'application/problem+json', problem).problems).toEqual([])
    expect(checkResponse('GET', '/api/accounts', 401, 'application/problem+json', { ...problem, status: 'x' }).problems).toHaveLength(1)
  })
})
