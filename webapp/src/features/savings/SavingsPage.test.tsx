/** /savings (docs/contract.md §17): pockets and goals with their figures, opening, moving money
 * (a retry sends the same reference), breaking a locked pocket after its forfeit is shown, and
 * the loading, failed and empty states. */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, setUpMoneyTests } from '../transfers/testUtils'
import { expectFailure, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { SAVINGS_UNAVAILABLE } from './mocks'
import { NO_POCKETS, SAVINGS_FAILED } from './texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

function renderSavings(persona = 'ada') {
  return renderWithProviders({ route: '/savings', preloadedState: signedInState(persona) })
}

afterEach(restoreHandlers)

describe('SavingsPage', () => {
  it('lists pockets and goals with balance, interest, rate, progress and the next automatic save', async () => {
    renderSavings()
    const rent = await screen.findByTestId('pocket-2')
    expect(within(rent).getByText('Locked savings')).toBeInTheDocument()
    expect(within(rent).getByText('16 % a year')).toBeInTheDocument()
    expect(within(rent).getByLabelText('Balance of Rent')).toHaveTextContent('₦1,000,000.00')
    const goal = screen.getByTestId('pocket-3')
    expect(within(goal).getByRole('progressbar')).toBeInTheDocument()
    expect(within(goal).getByText(/₦20,000.00 every week from 1020000115/)).toBeInTheDocument()
    expect(screen.getByTestId('total-savings')).toHaveTextContent('₦1,430,000.00')
  })

  it('tops up a flexible pocket from its account', async () => {
    const { user } = renderSavings()
    const rainy = await screen.findByTestId('pocket-1')
    await user.click(within(rainy).getByRole('button', { name: 'Top up' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Amount'), '5000')
    await user.click(screen.getAllByRole('button', { name: 'Top up' }).at(-1)!)
    await waitFor(() => expect(within(screen.getByTestId('pocket-1')).getByLabelText('Balance of Rainy day')).toHaveTextContent('₦255,000.00'))
  })

  it('retries a move after a 503 with the same reference, even from a new dialog, and moves it once', async () => {
    const references: unknown[] = []
    server.use(
      http.post('/api/savings/pockets/:id/top-up', async ({ request }) => {
        const body = (await request.clone().json()) as { reference?: string }
        references.push(body.reference)
        // The first attempt does not get through; the rest go on to the mock.
        return references.length === 1 ? problem(503, SAVINGS_UNAVAILABLE, 'Service Unavailable') : undefined
      }),
    )
    const { user } = renderSavings()
    const topUp = async (amount: string) => {
      await user.click(within(await screen.findByTestId('pocket-1')).getByRole('button', { name: 'Top up' }))
      const modal = await dialog('Top up: Rainy day')
      await user.type(within(modal).getByLabelText('Amount'), amount)
      await user.click(within(modal).getByRole('button', { name: 'Top up' }))
      return modal
    }
    const first = await topUp('5000')
    expect(await screen.findByText(SAVINGS_UNAVAILABLE)).toBeInTheDocument()
    await user.click(within(first).getByRole('button', { name: 'Cancel' }))
    await topUp('5000')
    await waitFor(() => expect(within(screen.getByTestId('pocket-1')).getByLabelText('Balance of Rainy day')).toHaveTextContent('₦255,000.00'))
    expect(references).toHaveLength(2)
    expect(references[1]).toBe(references[0])
    // The move is done: the next one is a new attempt with a reference of its own.
    await topUp('5000')
    await waitFor(() => expect(within(screen.getByTestId('pocket-1')).getByLabelText('Balance of Rainy day')).toHaveTextContent('₦260,000.00'))
    expect(references).toHaveLength(3)
    expect(references[2]).not.toBe(references[0])
  })

  it('shows what breaking a locked pocket forfeits, and breaks it only with the code', async () => {
    const { user } = renderSavings()
    const rent = await screen.findByTestId('pocket-2')
    await user.click(within(rent).getByRole('button', { name: 'Break' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(/Breaking Rent now gives up ₦8,767.12 of interest earned so far/)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Code'), '123456{Enter}')
    await waitFor(() => expect(within(screen.getByTestId('pocket-2')).getByText('Broken early')).toBeInTheDocument())
  })

  it('says so when there are no pockets yet, with the way to open one', async () => {
    renderSavings('tunde')
    expect(await screen.findByText(NO_POCKETS)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Open a pocket/ })).toBeInTheDocument()
  })

  it('shows a failed read with its reason and a retry', async () => {
    failWithProblem('/api/savings', 'The core banking service is not available')
    renderSavings()
    await expectFailure('The core banking service is not available')
    expect(screen.getByText(SAVINGS_FAILED)).toBeInTheDocument()
  })
})
