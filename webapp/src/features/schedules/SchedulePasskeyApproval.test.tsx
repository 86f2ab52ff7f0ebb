/**
 * "Approve with passkey" in the scheduled payment's approval dialog (issue 40): once the code
 * is sent, a customer with a passkey is offered it first; the approval asked for is this
 * reference's, and a cancelled prompt leaves the dialog (and the code) usable.
 * @simplewebauthn/browser is replaced by a stand-in: jsdom has no WebAuthn.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { choose, dialog, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { SCHEDULE_APPROVED } from '../../store/schedules/texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

const BASE = '/api/ibanking/personal/schedule-payments'
async function scheduleToTunde(title = 'Approve this payment') {
  const view = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
  const { user } = view
  await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  await choose(user, 'From Account', 'Savings Account (1020000115)')
  await user.type(screen.getByLabelText('Account Number'), '1020000218')
  await user.type(screen.getByLabelText('Amount'), '2500')
  await screen.findByTestId('resolved-name')
  await user.click(screen.getByRole('checkbox', { name: 'Schedule this transfer' }))
  await user.click(await screen.findByLabelText('Payment Date'))
  await user.click(await screen.findByText('Today'))
  await user.click(screen.getByRole('button', { name: /Send$/ }))
  return { ...view, codeDialog: await dialog(title) }
}

describe('Approve a scheduled payment with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and approves this reference with it', async () => {
    withPasskey()
    const asked: Record<string, unknown>[] = []
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post(`${BASE}/passkey-options`, async ({ request }) => {
        asked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.patch(`${BASE}/approve`, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, codeDialog } = await scheduleToTunde()
    const reference = within(codeDialog).getByTestId('schedule-approval-summary').textContent!.match(/SCH\d{10}/)![0]
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(SCHEDULE_APPROVED)).toBeInTheDocument()
    expect(asked).toEqual([{ referenceNumber: reference }])
    expect(bodies[0]).toMatchObject({ referenceNumber: reference, passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still approves', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, codeDialog } = await scheduleToTunde()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(codeDialog).getByRole('button', { name: 'Use a code instead' }))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByText(SCHEDULE_APPROVED)).toBeInTheDocument()
  })

  it('without a passkey the dialog is the code dialog as before', async () => {
    const { codeDialog } = await scheduleToTunde('OTP Verification')
    expect(within(codeDialog).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
  })
})
