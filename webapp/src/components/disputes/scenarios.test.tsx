/**
 * The scenario catalogue's mock-only states (src/mocks/forcing/catalogue.ts): switched to each
 * dispute status and to a frozen account, the screens say what the customer reads on the real
 * stack after the back office's decision (docs/contract.md §14.4a, §15.5a, §15.7, §15.8).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, setUpMoneyTests } from '../../features/transfers/testUtils'
import { STATE_SCENARIOS, scenarioById } from '../../mocks/forcing/catalogue'
import { clearOverrides, setOverride } from '../../mocks/forcing/overrides'
import { personas } from '../../mocks/personas'
import { tokenFor } from '../../mocks/session'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })
afterEach(clearOverrides)

const force = (id: string) => setOverride({ target: scenarioById(id)!.operation, choice: id })

async function reportedProblem() {
  const view = renderWithProviders({ route: '/customer-service', preloadedState: signedInState('ada') })
  const box = await screen.findByTestId('disputes')
  return { row: await within(box).findByTestId('dispute-row'), unmount: view.unmount }
}

async function linkedDispute(reference: string) {
  renderWithProviders({ route: `/transaction-history?reference=${encodeURIComponent(reference)}`, preloadedState: signedInState('ada') })
  await screen.findByTestId('transaction-details')
  return screen.findByTestId('linked-dispute')
}

const DISPUTE_STATES = [
  {
    id: 'disputes.state.received',
    label: 'Received',
    reads: /Answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT · (2 days 23 hours|3 days 0 hours) left/,
  },
  {
    id: 'disputes.state.in-review',
    label: 'In review',
    reads: /Answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT · (2 days 23 hours|3 days 0 hours) left/,
  },
  {
    id: 'disputes.state.refunded',
    label: 'Refunded',
    reads: /^We have refunded ₦[\d,]+\.\d{2} to your account \d{10}\. It shows in your history as a reversal\.$/,
  },
  {
    id: 'disputes.state.answered',
    label: 'Answered',
    reads: /^This payment did not fail: ₦[\d,]+\.\d{2} was paid to .+ on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\. If the recipient has not received it, report "The recipient has not received it"\.$/,
  },
  {
    id: 'disputes.state.rejected',
    label: 'Rejected',
    reads: /^The recipient's bank confirmed that the money arrived in their account\.$/,
  },
] as const

describe('the catalogue has a mock-only state for each dispute status and a frozen account', () => {
  it('lists them, none known to the simulator', () => {
    expect(STATE_SCENARIOS.map((s) => s.id)).toEqual([...DISPUTE_STATES.map((s) => s.id), 'account.freeze.frozen'])
    expect(STATE_SCENARIOS.every((s) => s.mockOnly && s.rule.effect === 'state')).toBe(true)
  })
})

describe('Customer Service under each dispute state', () => {
  it.each(DISPUTE_STATES.map((s) => [s.id, s] as const))('%s: the status tag and what the customer reads', async (_, state) => {
    force(state.id)
    const { row } = await reportedProblem()
    expect(within(row).getByTestId('dispute-status')).toHaveTextContent(state.label)
    expect(row).toHaveTextContent('The recipient has not received it')
    expect(row).toHaveTextContent(/KOBO-DSP-\d{6}-[A-Z2-9]{6}/)
    const open = state.label === 'Received' || state.label === 'In review'
    if (open) expect(within(row).getByTestId('dispute-countdown')).toHaveTextContent(state.reads)
    else {
      expect(within(row).queryByTestId('dispute-countdown')).not.toBeInTheDocument()
      expect(row.querySelector('.kobo-dispute-row__answer')).toHaveTextContent(state.reads)
    }
  })

  it('disputes.state.in-review: the conversation says a member of the team is looking into it', async () => {
    force('disputes.state.in-review')
    const ada = personas.find((p) => p.key === 'ada')!
    const headers = { Authorization: `Bearer ${tokenFor(ada)}` }
    const [first] = (await (await fetch(`${window.location.origin}/api/disputes`, { headers })).json()) as { trackingNumber: string }[]
    const detail = (await (await fetch(`${window.location.origin}/api/disputes/${first.trackingNumber}`, { headers })).json()) as { messages: { sender: string; text: string }[] }
    expect(detail.messages.at(-1)).toMatchObject({ sender: 'AGENT', text: expect.stringMatching(/^A member of our team is looking into it\. We will answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\.$/) })
  })

  it('disputes.state.refunded: transaction details show the status, the answer and the refund reference', async () => {
    force('disputes.state.refunded')
    const { row, unmount } = await reportedProblem()
    const reference = new URL(within(row).getByRole('link', { name: /^₦/ }).getAttribute('href')!, window.location.origin).searchParams.get('reference')!
    unmount()
    const linked = await linkedDispute(reference)
    expect(within(linked).getByTestId('dispute-status')).toHaveTextContent('Refunded')
    expect(linked).toHaveTextContent(/We have refunded ₦[\d,]+\.\d{2} to your account/)
    expect(linked).toHaveTextContent(`Refund reference RVSL-${reference}`)
  })

  it('once cleared, the list is the customer’s own again', async () => {
    force('disputes.state.rejected')
    const { unmount } = await reportedProblem()
    clearOverrides()
    unmount()
    renderWithProviders({ route: '/customer-service', preloadedState: signedInState('ada') })
    const box = await screen.findByTestId('disputes')
    // The report made to show the state stays (as a Received one); nothing else is changed.
    const row = await within(box).findByTestId('dispute-row')
    expect(within(row).getByTestId('dispute-status')).toHaveTextContent('Received')
  })
})

describe('account.freeze.frozen', () => {
  it('Settings shows the account frozen, with the unfreeze form', async () => {
    force('account.freeze.frozen')
    renderWithProviders({ route: '/settings', preloadedState: signedInState('ada') })
    const card = await screen.findByTestId('freeze-card')
    expect(await within(card).findByTestId('frozen-state')).toHaveTextContent(/^Your account is frozen since \d{2}-\d{2}-\d{4} 08:05 WAT/)
    expect(within(card).getByLabelText('New password')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Freeze my account now/ })).not.toBeInTheDocument()
  })

  it('a transfer is refused with the freeze reason', async () => {
    force('account.freeze.frozen')
    const { user } = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await user.type(screen.getByLabelText('Account Number'), '1020000218')
    await user.type(screen.getByLabelText('Amount'), '100')
    await screen.findByTestId('resolved-name')
    await user.click(screen.getByRole('button', { name: /Send$/ }))
    expect(
      await screen.findByText(
        'Your account is frozen, so no money can leave it. To unfreeze it, use a code and a new password in Settings, or contact customer service.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('is not frozen once the state is cleared', async () => {
    force('account.freeze.frozen')
    clearOverrides()
    renderWithProviders({ route: '/settings', preloadedState: signedInState('ada') })
    const card = await screen.findByTestId('freeze-card')
    expect(await within(card).findByRole('button', { name: /Freeze my account now/ })).toBeInTheDocument()
  })
})
