import { http, HttpResponse, delay } from 'msw'
import { server } from '../mocks/server'
import {
  DEFAULT_ERROR_MESSAGE,
  NETWORK_FAILURE,
  TIMEOUT_FAILURE,
  apiRequest,
  errorMessage,
  failureReason,
  isSessionError,
} from './client'

describe('apiRequest', () => {
  it('returns data for a 2xx JSON answer and sends JSON and bearer headers', async () => {
    let seen: Headers | undefined
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen = request.headers
        return HttpResponse.json({ received: await request.json() })
      }),
    )
    const result = await apiRequest<{ received: unknown }>('/api/echo', {
      method: 'POST',
      body: { a: 1 },
      token: 'tok-123',
    })
    expect(result).toEqual({ data: { received: { a: 1 } } })
    expect(seen?.get('Content-Type')).toBe('application/json')
    expect(seen?.get('Authorization')).toBe('Bearer tok-123')
  })

  it('sends no Authorization header without a token', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get('/api/open', ({ request }) => {
        auth = request.headers.get('Authorization')
        return HttpResponse.json([])
      }),
    )
    await apiRequest('/api/open')
    expect(auth).toBeNull()
  })

  it('returns null data for 204 No Content', async () => {
    server.use(http.post('/api/nothing', () => new HttpResponse(null, { status: 204 })))
    expect(await apiRequest('/api/nothing', { method: 'POST' })).toEqual({ data: null })
  })

  it('returns the HTTP status and problem-details detail for an error answer', async () => {
    server.use(
      http.get('/api/fail', () =>
        HttpResponse.json({ title: 'Bad Request', status: 400, detail: 'Amount must be positive' }, { status: 400 }),
      ),
    )
    const result = await apiRequest('/api/fail')
    expect(result.error?.status).toBe(400)
    expect(result.error?.detail).toBe('Amount must be positive')
  })

  it('keeps the status when the error body is not JSON', async () => {
    server.use(http.get('/api/html', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })))
    const result = await apiRequest('/api/html')
    expect(result.error).toEqual({ status: 502, detail: undefined, body: undefined })
  })

  it('reports FETCH_ERROR when the network fails', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()))
    expect((await apiRequest('/api/down')).error?.status).toBe('FETCH_ERROR')
  })

  it('reports TIMEOUT_ERROR when the answer takes longer than the timeout', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(2_000)
        return HttpResponse.json({})
      }),
    )
    const result = await apiRequest('/api/slow', { timeoutMs: 50 })
    expect(result.error?.status).toBe('TIMEOUT_ERROR')
  })

  it('reports PARSING_ERROR for a 2xx answer with an unreadable body', async () => {
    server.use(
      http.get('/api/garbled', () => new HttpResponse('{"oops', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    )
    expect((await apiRequest('/api/garbled')).error?.status).toBe('PARSING_ERROR')
  })

  it('adds query parameters and skips undefined ones', async () => {
    let url = ''
    server.use(
      http.get('/api/search', ({ request }) => {
        url = request.url
        return HttpResponse.json([])
      }),
    )
    await apiRequest('/api/search', { query: { page: 2, q: 'ada', none: undefined } })
    expect(new URL(url).search).toBe('?page=2&q=ada')
  })
})

describe('errorMessage', () => {
  it('prefers the server detail', () => {
    expect(errorMessage({ status: 400, detail: 'Invalid or expired OTP' }, 'fallback')).toBe('Invalid or expired OTP')
  })

  it('falls back to the caller text, then to the generic message', () => {
    expect(errorMessage({ status: 500 }, 'An error occurred while fetching accounts')).toBe(
      'An error occurred while fetching accounts',
    )
    expect(errorMessage({ status: 'FETCH_ERROR' })).toBe(DEFAULT_ERROR_MESSAGE)
    expect(DEFAULT_ERROR_MESSAGE).toBe('An error occurred')
  })
})

describe('isSessionError', () => {
  it('is true for 401 and 403 only', () => {
    expect(isSessionError({ status: 401 })).toBe(true)
    expect(isSessionError({ status: 403 })).toBe(true)
    expect(isSessionError({ status: 400 })).toBe(false)
    expect(isSessionError({ status: 'TIMEOUT_ERROR' })).toBe(false)
  })
})

describe('failureReason', () => {
  it("prefers the server's detail, then its title, then the screen's fallback", () => {
    expect(failureReason({ status: 500, detail: 'Core banking is unavailable' }, 'fallback')).toBe('Core banking is unavailable')
    expect(failureReason({ status: 503, body: { title: 'Service Unavailable' } }, 'fallback')).toBe('Service Unavailable')
    expect(failureReason({ status: 502, body: { title: 'Error' } }, 'fallback')).toBe('fallback')
    expect(failureReason({ status: 502 })).toBe(DEFAULT_ERROR_MESSAGE)
  })

  it('names a network failure and a timeout as such', () => {
    expect(failureReason({ status: 'FETCH_ERROR' }, 'fallback')).toBe(NETWORK_FAILURE)
    expect(failureReason({ status: 'TIMEOUT_ERROR' }, 'fallback')).toBe(TIMEOUT_FAILURE)
  })
})
