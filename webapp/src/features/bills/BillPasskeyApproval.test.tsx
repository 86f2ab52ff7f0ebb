/**
 * "Approve with passkey" in the bill code dialog (issue 40): offered first when the customer
 * has a passkey, "Use a code instead" beside it; the approval asked for is this bill's, and a
 * cancelled prompt leaves the dialog (and the code) usable.
 * @simplewebauthn/browser is replaced by a stand-in: jsdom has no WebAuthn.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { dialog, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { PROCEED } from './texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

async function buyAirtime(title = 'Approve this payment') {
  const view = renderWithProviders({ route: '/bill-payment', preloadedState: signedInState('ada') })
  const { user } = view
  await user.click(await screen.findByRole('button', { name: /^Buy Airtime/ }))
  const panel = await dialog('Buy Airtime')
  await user.click(within(panel).getByRole('radio', { name: /MTN/ }).closest('label')!)
  await user.type(within(panel).getByLabelText('Amount'), '500')
  await user.click(within(panel).getByLabelText('From Account'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.getAttribute('title') === 'Savings Account (1020000115)',
    )
    if (!found) throw new Error('no account option')
    return found
  })
  await user.click(option)
  const button = panel.querySelector<HTMLElement>('form button[type="submit"]')!
  expect(button).toHaveTextContent(PROCEED)
  await user.click(button)
  return { ...view, codeDialog: await dialog(title) }
}

describe('Approve a bill with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and pays this bill with it', async () => {
    withPasskey()
    const optionsAsked: Record<string, unknown>[] = []
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post('/api/utility/passkey-options', async ({ request }) => {
        optionsAsked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.post('/api/utility/providers/airtime/vend/confirm', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, codeDialog } = await buyAirtime()
    expect(codeDialog).toHaveTextContent('₦500.00')
    expect(within(codeDialog).getByRole('button', { name: 'Use a code instead' })).toBeInTheDocument()
    expect(within(codeDialog).queryByLabelText('Character 1 of 6')).toBeNull()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    const options = browserPrompt.mock.calls[0][0].optionsJSON
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: 'cred-ada' }] })
    expect(bodies).toHaveLength(1)
    expect(optionsAsked[0].utilityVendingRequestId).toBe(bodies[0].utilityVendingRequestId)
    expect(bodies[0]).toMatchObject({ passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still pays', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, codeDialog } = await buyAirtime()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(codeDialog).getByRole('button', { name: 'Use a code instead' }))
    const withCode = await dialog('OTP Verification')
    await typeCode(user, '123456', withCode)
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
  })

  it('without a passkey the dialog is the code dialog as before', async () => {
    const { codeDialog } = await buyAirtime('OTP Verification')
    expect(within(codeDialog).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
    expect(within(codeDialog).getByLabelText('Character 1 of 6')).toBeInTheDocument()
  })
})
