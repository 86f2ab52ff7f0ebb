/**
 * "Approve with passkey" at Create a Beneficiary's code step (issue 40): offered first when
 * the customer has a passkey, "Use a code instead" beside it; the approval asked for is these
 * details', and a cancelled prompt leaves the step (and the code) usable.
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
import { BENEFICIARY_CREATED } from '../../store/beneficiaries/texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()

const button = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!

async function askToCreateSister() {
  const view = renderWithProviders({ route: '/beneficiary', preloadedState: signedInState('ada') })
  const { user } = view
  await user.click(await screen.findByText('Create a Beneficiary', { selector: 'button span' }))
  const modal = await dialog('Create a Beneficiary')
  await user.type(within(modal).getByLabelText('Beneficiary Name'), 'Sister')
  await choose(user, within(modal).getByLabelText('Bank'), 'Guaranty Trust Bank')
  await user.type(within(modal).getByLabelText('Account Number'), '9000000014')
  await within(modal).findByTestId('resolved-name')
  await user.click(button('Create', modal))
  return { ...view, step: await screen.findByTestId('beneficiary-code-step') }
}

describe('Approve a new beneficiary with passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and saves this beneficiary with it', async () => {
    withPasskey()
    const asked: Record<string, unknown>[] = []
    const saves: Record<string, unknown>[] = []
    server.use(
      http.post('/api/beneficiaries/passkey-options', async ({ request }) => {
        asked.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
      http.post('/api/beneficiaries', async ({ request }) => {
        saves.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, step } = await askToCreateSister()
    expect(step).toHaveTextContent('Approve this beneficiary')
    expect(within(step).queryByLabelText('Character 1 of 6')).toBeNull()
    await user.click(within(step).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(BENEFICIARY_CREATED)).toBeInTheDocument()
    const details = { beneficiaryName: 'Sister', bankCode: '000013', accountNumber: '9000000014' }
    expect(asked[0]).toMatchObject(details)
    expect(saves).toHaveLength(2)
    expect(saves[1]).toMatchObject({ ...details, passkey: { id: 'cred-ada' } })
    expect(saves[1]).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the step, and the code still saves', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, step } = await askToCreateSister()
    await user.click(within(step).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(step).getByRole('button', { name: 'Use a code instead' }))
    await waitFor(() => expect(within(step).getByLabelText('Character 1 of 6')).toBeInTheDocument())
    await typeCode(user, '123456', step)
    expect(await screen.findByText(BENEFICIARY_CREATED)).toBeInTheDocument()
  })

  it('without a passkey the step asks for the code as before', async () => {
    const { step } = await askToCreateSister()
    expect(within(step).queryByRole('button', { name: /Approve with passkey/ })).toBeNull()
    expect(within(step).getByLabelText('Character 1 of 6')).toBeInTheDocument()
  })
})
