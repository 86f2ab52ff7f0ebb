/** A pocket's own movements on /savings (docs/contract.md §17, §12's lines): a drawer from each
 * pocket card, newest first and paged, with its loading, failed (Retry) and empty states. */
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, setUpMoneyTests } from '../transfers/testUtils'
import { expectFailure, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { MOVEMENTS_FAILED, NO_MOVEMENTS } from './texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })
afterEach(restoreHandlers)

const MOVEMENTS = '/api/savings/pockets/:id/transactions'

async function openMovements(pocketId: number, name: string) {
  const view = renderWithProviders({ route: '/savings', preloadedState: signedInState('ada') })
  const card = await screen.findByTestId(`pocket-${pocketId}`)
  await view.user.click(within(card).getByRole('button', { name: 'Movements' }))
  return { ...view, drawer: await dialog(`Movements: ${name}`) }
}

const rows = (drawer: HTMLElement) => within(drawer).getAllByTestId('pocket-movement')

describe("A pocket's movements", () => {
  it('lists top-ups, interest, its tax and withdrawals, newest first, ten a page', async () => {
    const { user, drawer } = await openMovements(1, 'Rainy day')
    await waitFor(() => expect(rows(drawer)).toHaveLength(10))
    const [tax, interest] = rows(drawer)
    expect(tax).toHaveTextContent('Withholding tax on interest')
    expect(within(tax).getByTestId('movement-amount')).toHaveTextContent('-₦191.84')
    expect(tax).toHaveTextContent('Balance ₦250,000.00')
    expect(interest).toHaveTextContent('Interest on Flexible savings')
    expect(within(interest).getByTestId('movement-amount')).toHaveTextContent('+₦1,918.40')
    expect(drawer).toHaveTextContent('Savings withdrawal: Rainy day')
    expect(within(drawer).getByText('11 movements')).toBeInTheDocument()

    await user.click(within(drawer).getByTitle('2'))
    await waitFor(() => expect(rows(drawer)).toHaveLength(1))
    const oldest = rows(drawer)[0]
    expect(oldest).toHaveTextContent('Savings top-up: Rainy day')
    expect(within(oldest).getByTestId('movement-amount')).toHaveTextContent('+₦150,000.00')
    expect(oldest).toHaveTextContent('Balance ₦150,000.00')
  })

  it('shows a top-up at the top of the list once it is made', async () => {
    const { user } = renderWithProviders({ route: '/savings', preloadedState: signedInState('ada') })
    const goal = await screen.findByTestId('pocket-3')
    await user.click(within(goal).getByRole('button', { name: 'Top up' }))
    const modal = await dialog('Top up: New phone')
    await user.type(within(modal).getByLabelText('Amount'), '5000')
    await user.click(within(modal).getByRole('button', { name: 'Top up' }))
    await waitFor(() => expect(within(screen.getByTestId('pocket-3')).getByLabelText('Balance of New phone')).toHaveTextContent('₦185,000.00'))
    await user.click(within(screen.getByTestId('pocket-3')).getByRole('button', { name: 'Movements' }))
    const drawer = await dialog('Movements: New phone')
    await waitFor(() => expect(rows(drawer)).toHaveLength(6))
    expect(rows(drawer)[0]).toHaveTextContent('Savings top-up: New phone')
    expect(rows(drawer)[0]).toHaveTextContent('+₦5,000.00')
    expect(rows(drawer)[0]).toHaveTextContent('Balance ₦185,000.00')
    expect(rows(drawer)[1]).toHaveTextContent('Automatic saving: New phone')
  })

  it('shows a skeleton while the movements load', async () => {
    server.use(
      http.get(MOVEMENTS, async () => {
        await delay(400)
        return undefined
      }),
    )
    const { drawer } = await openMovements(2, 'Rent')
    expect(within(drawer).getByTestId('load-loading')).toBeInTheDocument()
    await waitFor(() => expect(rows(drawer)).toHaveLength(1))
    expect(rows(drawer)[0]).toHaveTextContent('Savings top-up: Rent')
  })

  it('says so when a pocket has no movements yet', async () => {
    server.use(http.get(MOVEMENTS, () => HttpResponse.json({ content: [], totalElements: 0, page: 0, size: 10 })))
    const { drawer } = await openMovements(1, 'Rainy day')
    expect(await within(drawer).findByText(NO_MOVEMENTS)).toBeInTheDocument()
    expect(within(drawer).queryByTestId('pocket-movement')).toBeNull()
  })

  it('shows a failed read with its reason, and Retry asks again', async () => {
    failWithProblem(MOVEMENTS, 'The core banking service is not available')
    const { user, drawer } = await openMovements(1, 'Rainy day')
    const retry = await expectFailure('The core banking service is not available')
    expect(within(drawer).getByText(MOVEMENTS_FAILED)).toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(rows(drawer)).toHaveLength(10))
  })
})
