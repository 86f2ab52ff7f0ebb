/**
 * The one way a screen reads (issue 44): an RTK Query endpoint through the base query
 * (token, 401/403, one failure wording) and `loadOf`, the screens' three states.
 */
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../mocks/server'
import { createTestStore, signedInState } from '../test/renderWithProviders'
import { ACCOUNTS_ERROR, accountsApi } from '../store/accounts/reads'
import { transfersApi } from '../features/transfers/reads'
import { afterPayment, loadOf } from './koboApi'
import { NETWORK_FAILURE } from './client'
import type { AppStore } from '../app/store'

const accounts = accountsApi.endpoints.accounts

function accountsLoad(store: AppStore) {
  const state = accounts.select()(store.getState())
  return loadOf({ ...state, isFetching: state.status === 'pending' })
}

/** Counts the requests each GET path receives. */
function countRequests() {
  const counts = new Map<string, number>()
  const onRequest = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname
    counts.set(path, (counts.get(path) ?? 0) + 1)
  }
  server.events.on('request:start', onRequest)
  return { of: (path: string) => counts.get(path) ?? 0, stop: () => server.events.removeListener('request:start', onRequest) }
}

describe('a read through RTK Query', () => {
  it("loads the signed-in customer's accounts with the bearer token", async () => {
    const store = createTestStore(signedInState('ada'))
    const read = store.dispatch(accounts.initiate())
    expect(accountsLoad(store).status).toBe('loading')
    await waitFor(() => expect(accountsLoad(store).status).toBe('succeeded'))
    const data = accounts.select()(store.getState()).data!
    expect(data.map((a) => a.accountNumber)).toEqual(['1020000115', '1020000122', '1020000139'])
    expect(data[0].availableBalance).toBe(450000)
    read.unsubscribe()
  })

  it('loading → failed with the reason, never toasted → loaded on retry', async () => {
    server.use(http.get('/api/accounts', () => new Response(null, { status: 500 }), { once: true }))
    const store = createTestStore(signedInState('ada'))
    const read = store.dispatch(accounts.initiate())
    await waitFor(() => expect(accountsLoad(store)).toEqual({ status: 'failed', error: ACCOUNTS_ERROR }))
    // The screen's failed state says it; a read is not toasted (issue 55).
    expect(store.getState().toast.queue).toHaveLength(0)
    expect(ACCOUNTS_ERROR).toBe('An error occurred while fetching accounts')

    read.refetch()
    expect(accountsLoad(store).status).toBe('loading')
    await waitFor(() => expect(accountsLoad(store).status).toBe('succeeded'))
    read.unsubscribe()
  })

  it('says "check your connection" when the request never reached Kobo', async () => {
    server.use(http.get('/api/accounts', () => HttpResponse.error()))
    const store = createTestStore(signedInState('ada'))
    const read = store.dispatch(accounts.initiate())
    await waitFor(() => expect(accountsLoad(store)).toEqual({ status: 'failed', error: NETWORK_FAILURE }))
    read.unsubscribe()
  })

  it('a 401 logs out instead of toasting', async () => {
    server.use(http.get('/api/accounts', () => new Response(null, { status: 401 })))
    const store = createTestStore(signedInState('ada'))
    const read = store.dispatch(accounts.initiate())
    await waitFor(() => expect(store.getState().app.userInfo).toBeNull())
    expect(store.getState().toast.queue).toHaveLength(0)
    read.unsubscribe()
  })

  it('a payment invalidates the balances: every screen showing them asks again', async () => {
    const store = createTestStore(signedInState('ada'))
    const balances = store.dispatch(transfersApi.endpoints.balances.initiate())
    const list = store.dispatch(accounts.initiate())
    await waitFor(() => expect(transfersApi.endpoints.balances.select()(store.getState()).status).toBe('fulfilled'))
    await waitFor(() => expect(accountsLoad(store).status).toBe('succeeded'))

    const requests = countRequests()
    store.dispatch(afterPayment())
    await waitFor(() => expect(requests.of('/api/transfer/balance')).toBe(1))
    await waitFor(() => expect(requests.of('/api/accounts')).toBe(1))
    requests.stop()
    balances.unsubscribe()
    list.unsubscribe()
  })
})
