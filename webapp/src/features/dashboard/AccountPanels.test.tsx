/** /home: the "+" control's two panels, Create Account and Fund Account, and disabled accounts. */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { accountsOf, personas } from '../../mocks/personas'
import { choose, dialog, dialogClosed, setUpMoneyTests } from '../transfers/testUtils'
import {
  ACCOUNT_CREATED,
  ACCOUNT_TYPES_ERROR,
  CREATE_ACCOUNT_ERROR,
  FUND_LIMIT_TEXT,
  PLEASE_WAIT,
} from '../../store/accounts/texts'
import { summaryOf } from './mocks'

setUpMoneyTests()
// Whole-page journeys: generous on a loaded machine (CI runs them beside the e2e stack).
vi.setConfig({ testTimeout: 45_000 })

/** Opens a panel of the "+" menu; its content loads when it first opens (issue 23), so queries in it wait. */
async function openMenuItem(user: ReturnType<typeof renderWithProviders>['user'], item: string) {
  await user.click(await screen.findByRole('button', { name: 'Add account' }))
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(item) }))
}

describe('Create Account panel', () => {
  it('needs an account type, then opens the account, closes, toasts and shows the new card', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(3))
    await openMenuItem(user, 'Create Account')
    const panel = await dialog('Create Account')

    await user.click(await within(panel).findByRole('button', { name: 'Create' }))
    expect(await within(panel).findByText('This field is required')).toBeInTheDocument()

    // Options are the types' names; the value sent is the id.
    let sent: unknown
    server.use(
      http.post('/api/accounts', async ({ request }) => {
        sent = await request.json()
        await new Promise((resolve) => setTimeout(resolve, 150))
        return HttpResponse.json(
          { message: ACCOUNT_CREATED, account: { ...accountsOf(personas[0])[0], accountNumber: '1050000001', accountTypeId: 4, accountTypeName: 'Kids Savings Account', availableBalance: 0, ledgerBalance: 0 } },
          { status: 201 },
        )
      }),
      http.get('/api/client-summary', () => {
        const summary = summaryOf(personas[0])
        return HttpResponse.json({
          ...summary,
          accounts: [...summary.accounts, { ...summary.accounts[0], accountNumber: '1050000001', accountTypeName: 'Kids Savings Account', availableBalance: 0 }],
        })
      }),
    )
    await choose(user, within(panel).getByLabelText('Account Type'), 'Kids Savings Account')
    await user.click(await within(panel).findByRole('button', { name: 'Create' }))
    expect(await screen.findByText(PLEASE_WAIT)).toBeInTheDocument()

    expect(await screen.findByText(ACCOUNT_CREATED)).toBeInTheDocument()
    expect(sent).toEqual({ accountTypeId: 4 })
    await dialogClosed('Create Account')
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(4))
  })

  it('shows the failure and stays open', async () => {
    server.use(http.post('/api/accounts', () => problem(409, 'You can have at most 10 active accounts', 'Conflict')))
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await openMenuItem(user, 'Create Account')
    const panel = await dialog('Create Account')
    await choose(user, within(panel).getByLabelText('Account Type'), 'Current Account')
    await user.click(await within(panel).findByRole('button', { name: 'Create' }))
    expect(await within(panel).findByText('You can have at most 10 active accounts')).toBeInTheDocument()
    // Said once in the panel and once as the action's toast.
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent('You can have at most 10 active accounts'))
    expect(await dialog('Create Account')).toBeVisible()
    // The chosen type is kept for another try.
    expect(within(panel).getByTitle('Current Account')).toBeInTheDocument()
  })

  it('says the spec sentence for a refusal without a detail, and a second try opens the account', async () => {
    server.use(http.post('/api/accounts', () => new HttpResponse(null, { status: 500 }), { once: true }))
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await openMenuItem(user, 'Create Account')
    const panel = await dialog('Create Account')
    await choose(user, within(panel).getByLabelText('Account Type'), 'Kids Savings Account')
    await user.click(await within(panel).findByRole('button', { name: 'Create' }))
    expect(await within(panel).findByText(CREATE_ACCOUNT_ERROR)).toBeInTheDocument()
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent(CREATE_ACCOUNT_ERROR))
    await user.click(await within(panel).findByRole('button', { name: 'Create' }))
    expect(await screen.findByText(ACCOUNT_CREATED)).toBeInTheDocument()
    await dialogClosed('Create Account')
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(4))
  })

  it('falls back to the spec sentences without a detail', async () => {
    server.use(
      http.get('/api/accounts/types', () => new HttpResponse(null, { status: 500 })),
      http.post('/api/accounts', () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await openMenuItem(user, 'Create Account')
    expect(await screen.findByText(ACCOUNT_TYPES_ERROR)).toBeInTheDocument()
    expect(ACCOUNT_TYPES_ERROR).toBe('An error occurred while fetching account types')
    expect(CREATE_ACCOUNT_ERROR).toBe('An error occurred while creating account')
  })

  it('Cancel closes the panel without creating anything', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await openMenuItem(user, 'Create Account')
    const panel = await dialog('Create Account')
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }))
    await dialogClosed('Create Account')
  })
})

describe('Fund Account panel', () => {
  it('opens on Bank Transfer with the bank, the real account number, the name and the ₦ 500.00 text', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await openMenuItem(user, 'Fund Account')
    const panel = await dialog('Fund Account')
    const tabs = (await within(panel).findAllByRole('tab')).map((t) => t.textContent)
    expect(tabs).toEqual(['Bank Transfer', 'Own Account', 'USSD', 'Debit Card'])
    expect(within(panel).getByRole('tab', { name: 'Bank Transfer' })).toHaveAttribute('aria-selected', 'true')
    expect(within(panel).getByText('Kobo Microfinance Bank')).toBeInTheDocument()
    expect(within(panel).getByTestId('fund-account-number')).toHaveTextContent('1020000115')
    expect(within(panel).getByText('Ada Okafor')).toBeInTheDocument()
    expect(within(panel).getByText(FUND_LIMIT_TEXT)).toBeInTheDocument()
    expect(FUND_LIMIT_TEXT).toContain('₦ 500.00')
    expect(FUND_LIMIT_TEXT).toContain('instantly')
    expect(within(panel).getByRole('button', { name: 'Copy account number' })).toBeInTheDocument()

    await choose(user, within(panel).getByLabelText('Account to fund'), 'Current Account (1020000122)')
    expect(within(panel).getByTestId('fund-account-number')).toHaveTextContent('1020000122')

    await user.click(within(panel).getByRole('tab', { name: 'USSD' }))
    const ussd = within(panel).getByRole('tabpanel')
    expect(ussd).toHaveTextContent(/^USSD$/)
  })
})

describe('disabled accounts', () => {
  it('carry a Disabled badge on the dashboard and are never offered to fund', async () => {
    server.use(
      http.get('/api/client-summary', () => {
        const summary = summaryOf(personas[0])
        summary.accounts[1] = { ...summary.accounts[1], status: 'DISABLED' }
        return HttpResponse.json(summary)
      }),
    )
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(3))
    const disabled = screen.getAllByTestId('account-card').find((c) => c.dataset.accountNumber === '1020000122')!
    expect(within(disabled).getByText('Disabled')).toBeInTheDocument()
    await openMenuItem(user, 'Fund Account')
    const panel = await dialog('Fund Account')
    await user.click(await within(panel).findByLabelText('Account to fund'))
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2))
    expect(document.querySelector('.ant-select-item-option[title="Current Account (1020000122)"]')).toBeNull()
  })
})
