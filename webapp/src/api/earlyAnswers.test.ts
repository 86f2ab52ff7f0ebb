import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from './client'
import { adoptEarlyFetches, dropEarlyAnswers, takeEarlyAnswer } from './earlyAnswers'
import { startEarlyFetches } from '../earlyFetch'

const summary: Endpoint<{ n: number }> = { method: 'GET', path: '/api/client-summary' }

/** What index.html's first script and start-up do for /home, signed in with `token`. */
function startHome(token: string) {
  adoptEarlyFetches(startEarlyFetches('/home', token), token)
}

describe('early answers', () => {
  let calls = 0
  let sent: Request[] = []
  beforeEach(() => {
    calls = 0
    sent = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls += 1
      sent.push(new Request(new URL(String(input), 'http://kobo.test'), init))
      return new Response(JSON.stringify({ n: calls }), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
  })
  afterEach(() => {
    dropEarlyAnswers()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('hands the answer started early to the first call with the same token, once', async () => {
    startHome('token-a')
    expect(calls).toBe(1)
    expect(sent[0].headers.get('Authorization')).toBe('Bearer token-a')
    const early = takeEarlyAnswer(summary, 'token-a')
    expect(await early).toEqual({ data: { n: 1 } })
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()
  })

  it('reads an early failure as every call does: the status and the server’s detail', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ detail: 'Session expired' }), { status: 401 }),
    )
    startHome('token-a')
    expect(await takeEarlyAnswer(summary, 'token-a')).toEqual({
      error: { status: 401, detail: 'Session expired', body: { detail: 'Session expired' } },
    })
  })

  it('never hands it to another session', () => {
    startHome('token-a')
    expect(takeEarlyAnswer(summary, 'token-b')).toBeNull()
    adoptEarlyFetches(startEarlyFetches('/home', 'token-a'), 'token-b')
    expect(takeEarlyAnswer(summary, 'token-b')).toBeNull()
  })

  it('never hands it over after a write, or once it is older than ten seconds', () => {
    startHome('token-a')
    expect(takeEarlyAnswer({ method: 'POST', path: '/api/transfer/intra-bank', body: {} }, 'token-a')).toBeNull()
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()

    vi.useFakeTimers({ now: 0, toFake: ['Date'] })
    startHome('token-a')
    vi.setSystemTime(10_001)
    expect(takeEarlyAnswer(summary, 'token-a')).toBeNull()
  })

  it('asks nothing signed out, or for a page without a first screen', () => {
    expect(startEarlyFetches('/home', null)).toEqual([])
    expect(startEarlyFetches('/transaction-history', 'token-a')).toEqual([])
    expect(calls).toBe(0)
  })

  it('leaves calls with a query alone', () => {
    startHome('token-a')
    const page: Endpoint<unknown> = { method: 'GET', path: '/api/client-summary', query: { page: 1 } }
    expect(takeEarlyAnswer(page, 'token-a')).toBeNull()
  })
})
