/**
 * /transfer and the risk check (docs/contract.md §16): a step-up's warning before the code,
 * acknowledged in the confirm; a payment held for review; a block and the instant-transfer
 * switch's refusal under the form; the new-account cap's notice. Outcomes are forced as a
 * developer forces them offline (`?scenario=risk.check.…`).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { setOverride } from '../../mocks/forcing/overrides'
import { customerOf } from '../../mocks/state'
import { personas } from '../../mocks/personas'
import { openAccount } from '../accounts/mocks'
import { requireSelfie } from '../../mocks/liveness'
import { choose, dialog, dialogClosed, fillOtherBank, noToast, sendBulkToTunde, sendIntraToTunde, setUpMoneyTests, typeCode } from './testUtils'
import { requestBodies } from '../../test/requestBodies'
import { FAILED_TITLE, HELD_TITLE, PENDING_TITLE, TRANSFERRED_SUCCESSFULLY } from './texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const force = (choice: string) => setOverride({ target: 'risk.check', choice })
const ada = personas.find((p) => p.key === 'ada')!

/** The bodies of the confirm calls, as sent. */
const confirmBodies = (path = '/api/transfer/intrabank/confirm') => requestBodies(path)

const sendToTunde = (amount = '2500') => sendIntraToTunde(amount)

describe('a step-up: the warning before the code', () => {
  it('shows the reasons and the message; the code step opens only once the box is ticked, and the confirm acknowledges it', async () => {
    force('risk.check.step-up')
    const bodies = confirmBodies()
    const { user } = await sendToTunde()

    const warning = await dialog('Check before you send')
    expect(within(warning).getByText('₦2,500.00')).toBeInTheDocument()
    expect(within(warning).getByText('Tunde Bakare')).toBeInTheDocument()
    const reasons = within(warning).getAllByRole('listitem').map((item) => item.textContent)
    expect(reasons).toEqual(['This payment is unusual for your profile.', 'You have not paid this account before.'])
    expect(within(warning).getByText(/^Has anyone asked you to send this money, or told you what to say to your bank\?/)).toBeInTheDocument()
    // No code boxes yet, and Continue waits for the box.
    expect(within(warning).queryByLabelText('Character 1 of 6')).toBeNull()
    const go = within(warning).getByRole('button', { name: 'Continue' })
    expect(go).toBeDisabled()
    await user.click(within(warning).getByRole('checkbox', { name: 'I understand, and no one asked me to send this money' }))
    expect(go).toBeEnabled()
    await user.click(go)

    const code = await dialog('OTP Verification')
    await typeCode(user, '123456', code)
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY, { selector: '.ant-result-title' })).toBeInTheDocument()
    expect(bodies).toEqual([expect.objectContaining({ otp: '123456', acknowledgeWarning: true })])
  })

  it('Cancel on the warning sends nothing and closes the dialog', async () => {
    force('risk.check.step-up')
    const bodies = confirmBodies()
    const { user } = await sendToTunde()
    const warning = await dialog('Check before you send')
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }))
    await dialogClosed('Check before you send')
    expect(bodies).toEqual([])
  })

  it('a transfer with no warning confirms without the acknowledgement', async () => {
    const bodies = confirmBodies()
    const { user } = await sendToTunde()
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY, { selector: '.ant-result-title' })).toBeInTheDocument()
    expect(bodies[0]).not.toHaveProperty('acknowledgeWarning')
  })
})

describe('a payment held for review', () => {
  it('has a calm result of its own: the message, the amount and the payee, no Pending, no toast', async () => {
    force('risk.check.hold')
    const { user, store } = await sendToTunde('1200')
    await typeCode(user, '123456', await dialog('OTP Verification'))

    const result = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.kobo-transfer-result .kobo-receipt--held')
      if (!found) throw new Error('no held result')
      return found
    })
    expect(within(result).getByText(HELD_TITLE)).toBeInTheDocument()
    expect(within(result).getByText(/^This payment is waiting for a check by our team\. The money is reserved in your account and has not been sent\./)).toBeInTheDocument()
    expect(within(result).getByTestId('receipt-amount')).toHaveTextContent('₦1,200.00')
    expect(within(result).getByText('Tunde Bakare')).toBeInTheDocument()
    expect(within(result).getByTestId('receipt-status')).toHaveTextContent('Held for review')
    expect(within(result).queryByText(PENDING_TITLE)).toBeNull()
    expect(within(result).queryByText(/Checking with/)).toBeNull()
    // Not an error: the shield, not a cross; and no receipt for money not sent.
    expect(result.querySelector('.anticon-safety-certificate')).not.toBeNull()
    expect(result.querySelector('.ant-result-error')).toBeNull()
    expect(within(result).queryByRole('button', { name: /receipt/i })).toBeNull()
    // The status checks find it still held: the result stays as it is.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(within(result).getByTestId('receipt-status')).toHaveTextContent('Held for review')
    noToast(store)
  })
})

describe('refusals under the form', () => {
  it("a block shows the reason under the form, with no dialog and no toast", async () => {
    force('risk.check.block')
    const { store } = await sendToTunde()
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent('Kobo cannot send this payment. Please call customer service.')
    expect(refusal.closest('form')).not.toBeNull()
    expect(within(refusal).queryByRole('button', { name: 'Open Settings' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    noToast(store)
  })

  it("the watch-list's magic account is blocked with the contract's sentence", async () => {
    const { user } = renderWithProviders({ route: '/transfer?tab=other-bank', preloadedState: signedInState('ada') })
    await fillOtherBank(user, '9000000083', '300')
    await user.click(screen.getByRole('button', { name: /Send$/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has been reported to the banks as used for fraud, so Kobo will not send money to it. If someone asked you to pay it, do not pay them another way.',
    )
  })

  it('with instant transfers off, the refusal shows with the way to Settings', async () => {
    const token = `Bearer mock-token.${ada.key}`
    await fetch(`${window.location.origin}/api/ibanking/personal/instant-transfers/off`, { method: 'POST', headers: { Authorization: token } })
    const { user, router } = await sendToTunde()
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent(
      'Instant transfers are switched off on your profile, so no transfer can leave it. Switch them on in Settings, under Security, with a code.',
    )
    await user.click(within(refusal).getByRole('button', { name: 'Open Settings' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(router.state.location.hash).toBe('#security')
  })

  it("a profile that owes a selfie is refused with the way to Settings (§16.6)", async () => {
    requireSelfie(customerOf(ada))
    await sendToTunde()
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent("Please confirm it is you with a selfie before you send money: Settings, Security, Confirm it's you.")
    expect(within(refusal).getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
  })

  it('sending again clears the refusal', async () => {
    force('risk.check.block')
    const { user } = await sendToTunde()
    await screen.findByRole('alert')
    setOverride({ target: 'risk.check', choice: 'risk.check.step-up' })
    await user.click(screen.getByRole('button', { name: /Send$/ }))
    await dialog('Check before you send')
    expect(screen.queryByText('Kobo cannot send this payment. Please call customer service.')).toBeNull()
  })
})

describe('money coming in (§16.2)', () => {
  it('a confirm the core refuses with 34 fails with the paused-payments reason', async () => {
    setOverride({ target: 'core.inflow', choice: 'core.inflow.pass-through' })
    const { user } = await sendToTunde()
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(FAILED_TITLE)).toBeInTheDocument()
    expect(
      screen.getAllByText(
        'We have paused payments out of this account while our team checks money paid into it. We will contact you; you can also call customer service. Your account was not debited.',
      ).length,
    ).toBeGreaterThan(0)
  })
})

describe('the new-account cap', () => {
  it("shows the chosen account's cap, in the device cap's notice, and nothing for an older account", async () => {
    openAccount(customerOf(ada), 2)
    const { user } = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(4))
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    expect(screen.queryByText(/is new: until/)).toBeNull()
    await choose(user, 'From Account', 'Current Account (1050000001)')
    const notice = await screen.findByText(/^Account 1050000001 is new: until \d{2}:\d{2} tomorrow \(West Africa Time\) it can send up to ₦20,000 \(₦20,000 left\)\.$/)
    expect(notice.closest('.kobo-device-cap')).not.toBeNull()
    await choose(user, 'From Account', 'Savings Account (1020000115)')
    await waitFor(() => expect(screen.queryByText(/is new: until/)).toBeNull())
  })
})

describe('a bulk transfer and the risk check', () => {
  const rowsOf = () => [...document.querySelectorAll<HTMLElement>('.kobo-bulk__table tbody tr.ant-table-row')]
  const sendBatch = () => sendBulkToTunde('Savings Account (1020000115)')

  it('a step-up warns before the batch\'s code, and the confirm acknowledges it', async () => {
    force('risk.check.step-up')
    const bodies = confirmBodies('/api/transfer/bulk/confirm')
    const { user } = await sendBatch()
    const warning = await dialog('Check before you send')
    expect(within(warning).getByText('₦150.00')).toBeInTheDocument()
    await user.click(within(warning).getByRole('checkbox', { name: 'I understand, and no one asked me to send this money' }))
    await user.click(within(warning).getByRole('button', { name: 'Continue' }))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    await screen.findByTestId('bulk-summary')
    expect(bodies).toEqual([expect.objectContaining({ otp: '123456', acknowledgeWarning: true })])
  })

  it('a held row says so in its result, with no receipt', async () => {
    force('risk.check.hold')
    const { user } = await sendBatch()
    await typeCode(user, '123456', await dialog('OTP Verification'))
    await screen.findByTestId('bulk-summary')
    const row = rowsOf()[0]
    expect(within(row).getByText('Held for review')).toBeInTheDocument()
    expect(within(row).getByText(/^This payment is waiting for a check by our team/)).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /receipt/i })).toBeNull()
  })

  it('a blocked row carries its reason', async () => {
    force('risk.check.block')
    const { store } = await sendBatch()
    await waitFor(() => expect(within(rowsOf()[0]).getByText('Kobo cannot send this payment. Please call customer service.')).toBeInTheDocument())
    noToast(store)
  })

  it('instant transfers off: the batch is refused under it, with the way to Settings', async () => {
    await fetch(`${window.location.origin}/api/ibanking/personal/instant-transfers/off`, { method: 'POST', headers: { Authorization: `Bearer mock-token.${ada.key}` } })
    const { store } = await sendBatch()
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent(/^Instant transfers are switched off on your profile/)
    expect(within(refusal).getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
    noToast(store)
  })
})
