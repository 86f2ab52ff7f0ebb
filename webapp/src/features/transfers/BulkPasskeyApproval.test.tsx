/**
 * "Approve with passkey" in the bulk transfer's code dialog (issue 40): offered first when
 * the customer has a passkey; the approval asked for is this batch's, and a cancelled prompt
 * leaves the dialog (and the code) usable.
 * @simplewebauthn/browser is replaced by a stand-in: jsdom has no WebAuthn.
 */
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { dialog, sendBulkToTunde, setUpMoneyTests, typeCode } from './testUtils'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

async function sendBatch(title = 'Approve these payments') {
  const view = await sendBulkToTunde('Current Account (1020000122)')
  return { ...view, codeDialog: await dialog(title) }
}

describe('Approve a bulk transfer with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and confirms this batch with it', async () => {
    withPasskey()
    const asked: Record<string, unknown>[] = []
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post('/api/transfer/bulk/passkey-options', async ({ request }) => {
        asked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.post('/api/transfer/bulk/confirm', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, codeDialog } = await sendBatch()
    expect(within(codeDialog).getByText('₦150.00')).toBeInTheDocument()
    expect(codeDialog).toHaveTextContent('Your passkey approves only these payments.')
    expect(within(codeDialog).queryByLabelText('Character 1 of 6')).toBeNull()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByTestId('bulk-summary')).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
    expect(asked[0].id).toBe(bodies[0].id)
    expect(bodies[0]).toMatchObject({ passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still confirms', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, codeDialog } = await sendBatch()
    await user.click(within(codeDialog).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(codeDialog).getByRole('button', { name: 'Use a code instead' }))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(await screen.findByTestId('bulk-summary')).toBeInTheDocument()
  })

  it('without a passkey the dialog is the code dialog as before', async () => {
    const { codeDialog } = await sendBatch('OTP Verification')
    expect(within(codeDialog).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
  })
})
