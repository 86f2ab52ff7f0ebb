/**
 * Breaking a locked pocket with a passkey (docs/contract.md §17.2), walked on the mocks: the
 * passkey is offered first when the customer has one, "Use a code instead" beside it; the
 * options asked for are this pocket's; a cancelled prompt or a refused passkey leaves the
 * dialog, and the code, usable. @simplewebauthn/browser is replaced by a stand-in: jsdom has
 * no WebAuthn.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { startAuthentication } from '@simplewebauthn/browser'
import { server } from '../../mocks/server'
import { NO_PASSKEY, PASSKEY_REFUSED, mockPasskeys } from '../../mocks/passkeys'
import { personas } from '../../mocks/personas'
import { tokenFor } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { dialog, setUpMoneyTests } from '../transfers/testUtils'
import { APPROVE_WITH_PASSKEY, BREAK_TITLE, USE_A_CODE } from './texts'
import { ASSERTION, stubPublicKeyCredential, withPasskey } from '../../test/passkeyApproval'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const browserPrompt = vi.mocked(startAuthentication)

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

stubPublicKeyCredential()
afterEach(() => server.resetHandlers())

async function breakRent() {
  const view = renderWithProviders({ route: '/savings', preloadedState: signedInState('ada') })
  const rent = await screen.findByTestId('pocket-2')
  await view.user.click(within(rent).getByRole('button', { name: 'Break' }))
  const modal = await dialog(BREAK_TITLE)
  await within(modal).findByText(/Breaking Rent now gives up ₦8,767.12/)
  return { ...view, modal }
}

const broken = () => waitFor(() => expect(within(screen.getByTestId('pocket-2')).getByText('Broken early')).toBeInTheDocument())

/** A call to the mocks as Ada. */
async function call(path: string, body: unknown) {
  const response = await fetch(`${window.location.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokenFor(personas.find((p) => p.key === 'ada')!)}` },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('Break a locked pocket with a passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    browserPrompt.mockReset()
  })

  it('offers the passkey first and breaks this pocket with it', async () => {
    withPasskey()
    const optionsAsked: string[] = []
    const bodies: Record<string, unknown>[] = []
    server.use(
      http.post('/api/savings/pockets/:id/break/passkey-options', ({ request }) => {
        optionsAsked.push(new URL(request.url).pathname)
        return undefined
      }),
      http.post('/api/savings/pockets/:id/break', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>)
        return undefined
      }),
    )
    browserPrompt.mockResolvedValue(ASSERTION as never)
    const { user, modal } = await breakRent()
    expect(within(modal).getByRole('button', { name: USE_A_CODE })).toBeInTheDocument()
    expect(within(modal).queryByLabelText('Code')).toBeNull()
    await user.click(within(modal).getByRole('button', { name: APPROVE_WITH_PASSKEY }))
    await broken()
    expect(optionsAsked).toEqual(['/api/savings/pockets/2/break/passkey-options'])
    expect(browserPrompt.mock.calls[0][0].optionsJSON).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: 'cred-ada' }] })
    expect(bodies.at(-1)).toMatchObject({ passkey: { id: 'cred-ada' } })
    expect(bodies.at(-1)).not.toHaveProperty('otp')
  })

  it('a cancelled prompt keeps the dialog, and the code still breaks it', async () => {
    withPasskey()
    browserPrompt.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }))
    const { user, modal } = await breakRent()
    await user.click(within(modal).getByRole('button', { name: APPROVE_WITH_PASSKEY }))
    expect(await within(modal).findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: USE_A_CODE }))
    await user.type(within(modal).getByLabelText('Code'), '123456{Enter}')
    await broken()
  })

  it('a passkey the bank does not know is refused, and nothing is broken', async () => {
    withPasskey()
    browserPrompt.mockResolvedValue({ ...ASSERTION, id: 'cred-unknown', rawId: 'cred-unknown' } as never)
    const { user, modal } = await breakRent()
    await user.click(within(modal).getByRole('button', { name: APPROVE_WITH_PASSKEY }))
    expect(await within(modal).findByText(PASSKEY_REFUSED)).toBeInTheDocument()
    expect(within(screen.getByTestId('pocket-2')).getByText('Active')).toBeInTheDocument()
  })

  it('without a passkey the dialog asks for the code only, and the mocks refuse passkey options', async () => {
    const { modal } = await breakRent()
    expect(within(modal).queryByRole('button', { name: APPROVE_WITH_PASSKEY })).toBeNull()
    expect(within(modal).getByLabelText('Code')).toBeInTheDocument()
    const options = await call('/api/savings/pockets/2/break/passkey-options', {})
    expect(options).toMatchObject({ status: 400, body: { detail: NO_PASSKEY } })
  })

  it('the mocks take a passkey without the code step, and never a code and a passkey together', async () => {
    withPasskey()
    expect((await call('/api/savings/pockets/9/break/passkey-options', {})).status).toBe(404)
    expect((await call('/api/savings/pockets/2/break', { otp: '123456', passkey: ASSERTION })).status).toBe(400)
    const done = await call('/api/savings/pockets/2/break', { passkey: ASSERTION })
    expect(done.status).toBe(200)
    expect(done.body.message).toBe('₦1,000,000.00 is back in account 1020000115. Interest given up: ₦8,767.12.')
    expect((await call('/api/savings/pockets/2/break', { passkey: ASSERTION })).status).toBe(409)
  })
})
