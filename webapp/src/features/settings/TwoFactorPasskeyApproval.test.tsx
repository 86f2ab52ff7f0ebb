/**
 * Switching the second factor with a passkey instead of the current method's code (issue
 * 40): the new method's code is still asked (it proves the new method works); "Approve with
 * passkey" comes first, "Use a code instead" brings the current-code boxes back; a cancelled
 * prompt keeps the dialog. @simplewebauthn/browser is replaced: jsdom has no WebAuthn.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { dialog, setUpMoneyTests } from '../transfers/testUtils'
import { GOOGLE_SET } from './texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

async function startGoogleSetUp() {
  const view = renderWithProviders({ route: '/settings?tab=2fa', preloadedState: signedInState('ada') })
  const radios = await screen.findAllByRole('radio')
  await waitFor(() => expect(radios[0]).toHaveAttribute('aria-checked', 'true'))
  await view.user.click(radios[1])
  return { ...view, modal: await dialog('Set up Google Authenticator') }
}

describe('Switching 2FA with a passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('asks the app code, then the passkey instead of the current code', async () => {
    withPasskey()
    const bodies: Record<string, unknown>[] = []
    const asked: Record<string, unknown>[] = []
    server.use(
      http.post('/api/ibanking/personal/2fa/change/passkey-options', async ({ request }) => {
        asked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.post('/api/ibanking/personal/2fa/google-authenticator/confirm', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, modal } = await startGoogleSetUp()
    await waitFor(() => expect(within(modal).getByRole('button', { name: /Approve with passkey/ })).toBeInTheDocument())
    expect(within(modal).getAllByLabelText('Character 1 of 6')).toHaveLength(1)
    await user.click(within(modal).getByLabelText('Character 1 of 6'))
    await user.keyboard('123456')
    await user.click(within(modal).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(GOOGLE_SET)).toBeInTheDocument()
    expect(asked).toEqual([{ method: 'GOOGLE_AUTHENTICATOR' }])
    expect(bodies[0]).toMatchObject({ code: '123456', passkey: { id: 'cred-ada' } })
    expect(bodies[0]).not.toHaveProperty('currentCode')
  })

  it('a cancelled prompt keeps the dialog; "Use a code instead" asks the current code', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, modal } = await startGoogleSetUp()
    await waitFor(() => expect(within(modal).getByRole('button', { name: /Approve with passkey/ })).toBeInTheDocument())
    await user.click(within(modal).getByLabelText('Character 1 of 6'))
    await user.keyboard('123456')
    await user.click(within(modal).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: 'Use a code instead' }))
    const [, current] = within(modal).getAllByLabelText('Character 1 of 6')
    await user.click(current)
    await user.keyboard('123456')
    expect(await screen.findByText(GOOGLE_SET)).toBeInTheDocument()
  })

  it('without a passkey both codes are asked, as before', async () => {
    const { modal } = await startGoogleSetUp()
    await waitFor(() => expect(within(modal).getAllByLabelText('Character 1 of 6')).toHaveLength(2))
    expect(within(modal).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
  })
})
