import { waitFor } from '@testing-library/react'
import { http } from 'msw'
import { server } from '../../mocks/server'
import { createTestStore, signedInState } from '../../test/renderWithProviders'
import { accountsRequested } from './accountsSlice'
import { ACCOUNTS_ERROR } from './accountsSaga'

describe('accounts saga', () => {
  it("loads the signed-in customer's accounts with the bearer token", async () => {
    const store = createTestStore(signedInState('ada'))
    store.dispatch(accountsRequested())
    await waitFor(() => expect(store.getState().accounts.loaded).toBe(true))
    expect(store.getState().accounts.items.map((a) => a.accountNumber)).toEqual([
      '1020000115',
      '1020000122',
      '1020000139',
    ])
    expect(store.getState().accounts.items[0].availableBalance).toBe(450000)
  })

  it('toasts the spec fallback when the failure has no detail', async () => {
    server.use(http.get('/api/accounts', () => new Response(null, { status: 500 })))
    const store = createTestStore(signedInState('ada'))
    store.dispatch(accountsRequested())
    await waitFor(() => expect(store.getState().toast.queue.map((t) => t.message)).toContain(ACCOUNTS_ERROR))
    expect(ACCOUNTS_ERROR).toBe('An error occurred while fetching accounts')
    expect(store.getState().accounts.load).toEqual({ status: 'failed', error: ACCOUNTS_ERROR })
  })

  it('a 401 logs out instead of toasting', async () => {
    server.use(http.get('/api/accounts', () => new Response(null, { status: 401 })))
    const store = createTestStore(signedInState('ada'))
    store.dispatch(accountsRequested())
    await waitFor(() => expect(store.getState().app.userInfo).toBeNull())
    expect(store.getState().toast.queue).toHaveLength(0)
  })
})
