/**
 * "Approve with passkey" in the transfer code dialog (docs/contract.md §8.4): offered first
 * when the customer has a passkey, "Use a code instead" beside it; the approval asked for is
 * this transfer's, and a cancelled prompt leaves the dialog (and the code) usable.
 * @simplewebauthn/browser is replaced by a stand-in: jsdom has no WebAuthn.
 */
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { dialog, dialogClosed, sendIntraToTunde, setUpMoneyTests, typeCode } from './testUtils'
import { TRANSFERRED_SUCCESSFULLY } from './texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

async function startTransfer(title = 'Approve this payment') {
  const view = await sendIntraToTunde('2500')
  return { ...view, codeDialog: await dialog(title) }
}

describe('Approve with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and confirms this transfer with it', async () => {
    withPasskey()
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post('/api/transfer/intrabank/confirm', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, codeDialog } = await startTransfer()
    expect(within(codeDialog).getByRole('button', { name: 'Use a code instead' })).toBeInTheDocument()
    expect(within(codeDialog).queryByLabelText('Character 1 of 6')).toBeNull()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY)).toBeInTheDocument()
    const options = browserPrompt.mock.calls[0][0].optionsJSON
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: 'cred-ada' }] })
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still confirms', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, codeDialog } = await startTransfer()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(codeDialog).getByRole('button', { name: 'Use a code instead' }))
    const withCode = await dialog('OTP Verification')
    await typeCode(user, '123456', withCode)
    expect(await screen.findByText(TRANSFERRED_SUCCESSFULLY)).toBeInTheDocument()
    await dialogClosed('OTP Verification')
  })

  it('without a passkey the dialog is the code dialog as before', async () => {
    const { codeDialog } = await startTransfer('OTP Verification')
    expect(within(codeDialog).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
    expect(within(codeDialog).getByLabelText('Character 1 of 6')).toBeInTheDocument()
  })
})
