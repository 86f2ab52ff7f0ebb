/** /transfer: single transfers (intra, own, other bank), the code dialog, outcomes and amount rules. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { HIDDEN_AMOUNT } from '../../lib/format'
import { choose, dialog, dialogClosed, fillOtherBank, openDropdown, optionTitles, queryDialog, setUpMoneyTests, typeCode } from './testUtils'
import { FAILED_TITLE, PENDING_TITLE, TRANSFERRED_SUCCESSFULLY, TRANSFER_ERROR, BALANCES_FAILED, BANKS_FAILED, BENEFICIARIES_FAILED } from './texts'
import { AMOUNT_DECIMALS } from '../../lib/amount'
import { INVALID_ACCOUNT_DETAILS } from '../../store/payees/texts'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { pendingPolling } from './transfersSaga'

setUpMoneyTests()
const BALANCE_PATH = '/api/transfer/balance'
const BANKS_PATH = '/api/transfer/banks'
// Whole-page journeys: generous on a loaded machine (CI runs them beside the e2e stack).
vi.setConfig({ testTimeout: 45_000 })

function renderTransfer(tab = 'intra-bank') {
  return renderWithProviders({ route: `/transfer?tab=${tab}`, preloadedState: signedInState('ada') })
}

type User = ReturnType<typeof renderTransfer>['user']

async function fillIntra(user: User, accountNumber: string, amount: string) {
  await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  await choose(user, 'From Account', 'Savings Account (1020000115)')
  if (accountNumber) await user.type(screen.getByLabelText('Account Number'), accountNumber)
  if (amount) await user.type(screen.getByLabelText('Amount'), amount)
}

const sendButton = () => screen.getByRole('button', { name: /Send$/ })

describe('Transfer page', () => {
  it('has the headings, the four tabs and a balance panel hidden until its eye is clicked', async () => {
    const { user } = renderTransfer()
    expect(await screen.findByRole('heading', { name: 'Make A Transfer' })).toBeInTheDocument()
    expect(screen.getByText('Make a quick transfer')).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Intra Bank Transfer',
      'Own Account Transfer',
      'Other Bank Transfer',
      'Bulk Bank Transfer',
    ])
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    expect(screen.getByTestId('transfer-total-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    for (const cell of screen.getAllByTestId('transfer-account-balance')) expect(cell).toHaveTextContent(HIDDEN_AMOUNT)
    await user.click(screen.getByRole('button', { name: 'Show balance of all accounts' }))
    expect(screen.getByTestId('transfer-total-balance')).toHaveTextContent('₦1,900,000.00')
    expect(screen.getAllByTestId('transfer-account-balance')[0]).toHaveTextContent('₦450,000.00')
    await user.click(screen.getByRole('button', { name: 'Hide balance of all accounts' }))
    expect(screen.getByTestId('transfer-total-balance')).toHaveTextContent(HIDDEN_AMOUNT)
  })

  it('looks the name up at 10 digits, keeps Send disabled until it resolves, and says when it does not', async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '102000021', '100')
    expect(sendButton()).toBeDisabled()
    expect(screen.queryByTestId('resolved-name')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Account Number'), '8')
    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('Tunde Bakare')
    expect(sendButton()).toBeEnabled()

    await user.clear(screen.getByLabelText('Account Number'))
    await user.type(screen.getByLabelText('Account Number'), '1999999999')
    expect(await screen.findByText(INVALID_ACCOUNT_DETAILS)).toBeInTheDocument()
    expect(sendButton()).toBeDisabled()
  })

  it('validates the account number length and required fields', async () => {
    const { user } = renderTransfer()
    await screen.findByLabelText('Account Number')
    await user.type(screen.getByLabelText('Account Number'), '12ab34')
    // Letters never get in.
    expect(screen.getByLabelText('Account Number')).toHaveValue('1234')
    fireEvent.blur(screen.getByLabelText('Account Number'))
    expect(await screen.findByText('Account Number must be 10 characters')).toBeInTheDocument()
  })

  it('sends an intra-bank transfer with the code: toast, form reset, balances refreshed', async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '1020000218', '2500.50')
    await user.type(screen.getByLabelText('Narration (Optional)'), 'Lunch')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())

    const codeDialog = await dialog('OTP Verification')
    expect(within(codeDialog).getByText('Enter the OTP sent to your registered email & phone number')).toBeInTheDocument()
    expect(within(codeDialog).getByText('₦2,500.50')).toBeInTheDocument()
    expect(within(codeDialog).getByText('Tunde Bakare')).toBeInTheDocument()

    await typeCode(user, '123456', codeDialog)
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY)).toBeInTheDocument()
    await dialogClosed('OTP Verification')
    // The form is empty again and the balance shows the debit.
    await waitFor(() => expect(screen.getByLabelText('Account Number')).toHaveValue(''))
    expect(screen.getByLabelText('Amount')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Show balance of all accounts' }))
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')[0]).toHaveTextContent('₦447,499.50'))
  })

  it('a wrong code keeps the dialog open with the server message and empty boxes', async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '1020000218', '10')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())
    const codeDialog = await dialog('OTP Verification')
    await typeCode(user, '000000', codeDialog)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).not.toBeNull()
    await waitFor(() => expect(within(codeDialog).getByLabelText('Character 1 of 6')).toHaveValue(''))
  })

  it('an incomplete code is refused before sending', async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '1020000218', '10')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())
    const codeDialog = await dialog('OTP Verification')
    await user.click(within(codeDialog).getByLabelText('Character 1 of 6'))
    await user.keyboard('12')
    await user.click(within(codeDialog).getByRole('button', { name: 'Confirm Transfer' }))
    expect(await within(codeDialog).findByText('This field is required')).toBeInTheDocument()
  })

  it("refuses at the first step with the server's reason (insufficient funds)", async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '1020000218', '999999')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('falls back to the spec sentence when the failure has no detail', async () => {
    server.use(http.post('/api/transfer/intrabank', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderTransfer()
    await fillIntra(user, '1020000218', '10')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())
    expect(await screen.findByText(TRANSFER_ERROR)).toBeInTheDocument()
    expect(TRANSFER_ERROR).toBe('An error occurred while transferring')
  })

  it('moves money between own accounts; the destination list leaves out the source', async () => {
    const { user } = renderTransfer('own-account')
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    expect(sendButton()).toBeDisabled()
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await user.click(screen.getByLabelText('To Account'))
    await waitFor(() =>
      expect(optionTitles()).toEqual(['Current Account (1020000122)', 'Target Savings Account (1020000139)']),
    )
    await user.click(openDropdown()!.querySelector<HTMLElement>('[title="Current Account (1020000122)"]')!)
    await user.type(screen.getByLabelText('Amount'), '1000')
    expect(sendButton()).toBeEnabled()
    await user.click(sendButton())
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY)).toBeInTheDocument()
  })

  it('other bank: needs a bank before looking up, then shows Pending and ends Successful after status checks', async () => {
    pendingPolling.intervalMs = 300
    let checks = 0
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && /\/api\/transfer\/[0-9a-f]{32}$/.test(request.url)) checks += 1
    })
    const { user } = renderTransfer('other-bank')
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await user.type(screen.getByLabelText('Account Number'), '9000000038')
    // No bank yet: no look-up.
    expect(screen.queryByTestId('resolved-name')).not.toBeInTheDocument()
    await choose(user, 'Bank', 'Guaranty Trust Bank')
    expect(await screen.findByTestId('resolved-name')).toHaveTextContent('Tobi Timeout')
    await user.type(screen.getByLabelText('Amount'), '1500')
    await user.click(sendButton())
    await typeCode(user, '123456', await dialog('OTP Verification'))

    expect(await screen.findByText(PENDING_TITLE)).toBeInTheDocument()
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY, { selector: '.ant-result-title' })).toBeInTheDocument()
    expect(checks).toBeGreaterThanOrEqual(2)
    server.events.removeAllListeners()
  })

  it('other bank: a Pending transfer that then fails shows the reason', async () => {
    pendingPolling.intervalMs = 300
    const { user } = renderTransfer('other-bank')
    await fillOtherBank(user, '9000000052', '700')
    await user.click(sendButton())
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(PENDING_TITLE)).toBeInTheDocument()
    expect(await screen.findByText(FAILED_TITLE)).toBeInTheDocument()
    expect(screen.getAllByText(/The beneficiary bank is not available right now/).length).toBeGreaterThan(0)
  })

  it("other bank: a decline (422) shows the server's detail and leaves the balance alone", async () => {
    const { user } = renderTransfer('other-bank')
    await fillOtherBank(user, '9000000021', '100')
    await user.click(sendButton())
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(FAILED_TITLE)).toBeInTheDocument()
    expect(screen.getAllByText('Insufficient funds. Your account was not debited.').length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Show balance of all accounts' }))
    expect(screen.getAllByTestId('transfer-account-balance')[0]).toHaveTextContent('₦450,000.00')
  })

  it('a saved beneficiary fills the form and counts as a resolved name; saving one is offered', async () => {
    const { user } = renderTransfer()
    await fillIntra(user, '', '50')
    await user.click(screen.getByRole('checkbox', { name: 'Save as beneficiary' }))
    await user.type(screen.getByLabelText('Account Number'), '1020000218')
    await screen.findByTestId('resolved-name')
    await user.click(sendButton())
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY)).toBeInTheDocument()

    // Now Tunde is a saved beneficiary.
    await waitFor(() => expect(screen.getByLabelText('Account Number')).toHaveValue(''))
    await choose(user, 'Choose Beneficiary (Optional)', 'Tunde Bakare · 1020000218')
    expect(screen.getByLabelText('Account Number')).toHaveValue('1020000218')
    expect(screen.getByTestId('resolved-name')).toHaveTextContent('Tunde Bakare')
  })
})

describe('Transfer page: failed loads', () => {
  it('a 500 on the balances shows the reason and a Retry in the panel; Retry shows them', async () => {
    failWithProblem(BALANCE_PATH, 'Core banking is unavailable')
    const { user } = renderTransfer()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(BALANCES_FAILED)).toBeInTheDocument()
    expect(screen.queryByTestId('transfer-total-balance')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the balances says so, and Retry shows them', async () => {
    failWithNetworkError(BALANCE_PATH)
    const { user } = renderTransfer()
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  })

  it('a failed bank list is a banner above a usable form; Retry fills the Bank select', async () => {
    failWithProblem(BANKS_PATH, 'The bank directory is unavailable')
    const { user } = renderTransfer('other-bank')
    const retry = await expectFailure('The bank directory is unavailable')
    expect(screen.getByText(BANKS_FAILED)).toBeInTheDocument()
    expect(screen.getByLabelText('Account Number')).toBeEnabled()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument())
    await choose(user, 'Bank', 'Guaranty Trust Bank')
  })

  it('a network failure on the bank list says so', async () => {
    failWithNetworkError(BANKS_PATH)
    renderTransfer('other-bank')
    await expectFailure(NETWORK_FAILURE)
  })

  it('failed saved beneficiaries are a banner, and Retry offers them again', async () => {
    failWithProblem('/api/beneficiaries', 'Core banking is unavailable')
    const { user } = renderTransfer()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(BENEFICIARIES_FAILED)).toBeInTheDocument()
    restoreHandlers()
    server.use(
      http.get('/api/beneficiaries', () =>
        HttpResponse.json([
          { id: 1, beneficiaryName: 'Tunde Bakare', bankName: 'Kobo Microfinance Bank', accountName: 'Tunde Bakare', accountNumber: '1020000218', bankCode: '090605' },
        ]),
      ),
    )
    await user.click(retry)
    await waitFor(() => expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument())
    await choose(user, 'Choose Beneficiary (Optional)', 'Tunde Bakare · 1020000218')
  })

  it('a network failure on the saved beneficiaries says so', async () => {
    failWithNetworkError('/api/beneficiaries')
    renderTransfer()
    await expectFailure(NETWORK_FAILURE)
  })
})

describe('amount input', () => {
  it('is a number field with minimum 0 that ignores arrow keys and allows at most two decimals', async () => {
    const { user } = renderTransfer()
    const amount = await screen.findByLabelText('Amount')
    expect(amount).toHaveAttribute('aria-valuemin', '0')
    await user.type(amount, '12.5')
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}')
    expect(amount).toHaveValue('12.5')
    await user.type(amount, '55')
    fireEvent.blur(amount)
    expect(await screen.findByText(AMOUNT_DECIMALS)).toBeInTheDocument()
    await user.clear(amount)
    fireEvent.blur(amount)
    expect(await screen.findByText('Amount is required')).toBeInTheDocument()
  })

  it('blocks a minus sign and the mouse wheel', async () => {
    const { user } = renderTransfer()
    const amount = await screen.findByLabelText('Amount')
    await user.type(amount, '-5')
    expect(amount).toHaveValue('5')
    amount.focus()
    fireEvent.wheel(amount, { deltaY: -100 })
    expect(amount).not.toHaveFocus()
    // Leaving the field shows the amount with two decimals; the wheel changed nothing.
    expect(amount).toHaveValue('5.00')
  })
})
