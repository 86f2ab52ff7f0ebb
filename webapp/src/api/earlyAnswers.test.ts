import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from './client'
import { dropEarlyAnswers, startEarly, takeEarlyAnswer } from './earlyAnswers'

const summary: Endpoint<{ n: number }> = { method: 'GET', path: '/api/client-summary' }

describe('early answers', () => {
  let calls = 0
  beforeEach(() => {
    calls = 0
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls += 1
      return new Response(JSON.stringify({ n: calls }), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
  })
  afterEach(() => {
    dropEarlyAnswers()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('hands the answer started early to the first call with the same token, once', async () => {
    startEarly([summary], 'token-a')
    expect(calls).toBe(1)
    const early = takeEarlyAnswer(summary, 'token-a')
    expect(await early).toEqual({ data: { n: 1 } })
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()
  })

  it('never hands it to another session', () => {
    startEarly([summary], 'token-a')
    expect(takeEarlyAnswer(summary, 'token-b')).toBeNull()
  })

  it('never hands it over after a write, or once it is older than ten seconds', () => {
    startEarly([summary], 'token-a')
    expect(takeEarlyAnswer({ method: 'POST', path: '/api/transfer/intra-bank', body: {} }, 'token-a')).toBeNull()
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()

    vi.useFakeTimers({ now: 0, toFake: ['Date'] })
    startEarly([summary], 'token-a')
    vi.setSystemTime(10_001)
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()
  })

  it('leaves calls with a query alone', () => {
    const page: Endpoint<unknown> = { method: 'GET', path: '/api/history', query: { page: 1 } }
    startEarly([page], 'token-a')
    expect(calls).toBe(0)
    expect(takeEarlyAnswer(page, 'token-a')).toBeNull()
  })
})
