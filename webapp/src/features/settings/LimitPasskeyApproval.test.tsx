/**
 * "Approve with passkey" for new transaction limits (issue 40): the code dialog offers the
 * passkey first when the customer has one, worded for limits; the approval asked for is this
 * change's, and a cancelled prompt leaves the dialog (and the code) usable.
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
import { LIMIT_EDITED } from './texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

const button = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!

async function askForNewLimits(title = 'Approve the new limits') {
  const view = renderWithProviders({ route: '/settings?tab=transaction-limit', preloadedState: signedInState('ada') })
  const { user } = view
  await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
  await user.click(screen.getByLabelText('Set Limit for Transfers to other banks'))
  const modal = await dialog('Set Limit')
  const daily = within(modal).getByLabelText('Daily Transfer Limit')
  const single = within(modal).getByLabelText('Maximum amount per transaction')
  await user.clear(daily)
  await user.clear(single)
  await user.type(daily, '100000')
  await user.type(single, '25000')
  await user.click(button('Set Limit', modal))
  return { ...view, codeDialog: await dialog(title) }
}

describe('Approve new limits with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first, worded for limits, and confirms this change with it', async () => {
    withPasskey()
    const asked: Record<string, unknown>[] = []
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post('/api/ibanking/personal/transaction-limits/passkey-options', async ({ request }) => {
        asked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.post('/api/ibanking/personal/transaction-limits/confirm', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, codeDialog } = await askForNewLimits()
    expect(codeDialog).toHaveTextContent('Your passkey approves only these limits.')
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(LIMIT_EDITED)).toBeInTheDocument()
    const other = screen.getAllByTestId('limit-card')[1]
    await waitFor(() => expect(within(other).getByTestId('daily-limit')).toHaveTextContent('₦100,000.00'))
    expect(asked[0].transactionLimitUuid).toBe(bodies[0].transactionLimitUuid)
    expect(bodies[0]).toMatchObject({ passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still confirms', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, codeDialog } = await askForNewLimits()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(codeDialog).getByRole('button', { name: 'Use a code instead' }))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(LIMIT_EDITED)).toBeInTheDocument()
  })

  it('without a passkey the dialog is the code dialog as before', async () => {
    const { codeDialog } = await askForNewLimits('OTP Verification')
    expect(within(codeDialog).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
  })
})
