/**
 * Passkeys in the web app: Settings › 2 Factor Authentication › Passkey (add after a code,
 * list, remove with a code) and "Sign in with a passkey" on the login page. jsdom has no
 * WebAuthn, so @simplewebauthn/browser is replaced by a stand-in that answers as it would
 * (src/lib/passkeys.ts, which imports it lazily, is the real one); the BFF's checks are
 * tested in pytest with a software authenticator.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser'
import { PASSKEY_CANCELLED } from '../../lib/passkeys'
import { PASSKEYS_FAILED, PASSKEY_ADDED, PASSKEY_OPTION, PASSKEY_REMOVED } from './passkeys/texts'

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}))
const createPasskey = vi.mocked(startRegistration)
const getPasskeyAssertion = vi.mocked(startAuthentication)
/** What the browser throws when the customer closes its prompt. */
const dismissed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })

beforeAll(() => {
  // jsdom has no WebAuthn: the feature check looks for this constructor.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
})
afterAll(() => vi.unstubAllGlobals())

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const CREDENTIAL = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
}

function renderTwoFactor() {
  return renderWithProviders({ route: '/settings?tab=2fa', preloadedState: signedInState('ada') })
}

const passkeyChoice = async () => (await screen.findAllByRole('radio')).find((r) => r.textContent?.includes(PASSKEY_OPTION))!

describe('Passkeys in Settings', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    createPasskey.mockReset()
    getPasskeyAssertion.mockReset()
  })

  it('adds a passkey after the code, with the server options handed to the browser', async () => {
    createPasskey.mockResolvedValue(CREDENTIAL as never)
    const { user } = renderTwoFactor()
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument()
    const choice = await passkeyChoice()
    expect(choice).toHaveAttribute('aria-checked', 'false')
    await user.click(choice)
    const modal = await dialog('Add a passkey')
    expect(await within(modal).findByText('Enter the OTP sent to your registered email & phone number')).toBeInTheDocument()
    await typeCode(user, '123456', modal)
    expect(await screen.findByText(PASSKEY_ADDED)).toBeInTheDocument()
    const options = createPasskey.mock.calls[0][0].optionsJSON as unknown as { challenge: string; authenticatorSelection: Record<string, unknown> }
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    await dialogClosed('Add a passkey')
    expect(await screen.findByText('Chrome on this device')).toBeInTheDocument()
    expect(screen.getByText(/Not used yet/)).toBeInTheDocument()
    await waitFor(async () => expect(await passkeyChoice()).toHaveAttribute('aria-checked', 'true'))
  })

  it('a wrong code keeps the dialog open and never opens the browser prompt', async () => {
    const { user } = renderTwoFactor()
    await user.click(await passkeyChoice())
    const modal = await dialog('Add a passkey')
    await within(modal).findByText('Enter the OTP sent to your registered email & phone number')
    await typeCode(user, '000000', modal)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(createPasskey).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeInTheDocument()
  })

  it('says so when the customer cancels the browser prompt, and adds nothing', async () => {
    createPasskey.mockRejectedValue(dismissed())
    const { user } = renderTwoFactor()
    await user.click(await passkeyChoice())
    const modal = await dialog('Add a passkey')
    await within(modal).findByText('Enter the OTP sent to your registered email & phone number')
    await typeCode(user, '123456', modal)
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    await dialogClosed('Add a passkey')
    expect(screen.getByText(/No passkeys yet/)).toBeInTheDocument()
  })

  it('removes a passkey with a code', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 77, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: true },
    })
    const { user } = renderTwoFactor()
    expect(await screen.findByText('Pixel 8')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    const modal = await dialog('Remove this passkey')
    await user.click(within(modal).getByRole('button', { name: 'Use a code instead' }))
    await within(modal).findByText('Enter the OTP sent to your registered email & phone number')
    await typeCode(user, '123456', modal)
    expect(await screen.findByText(PASSKEY_REMOVED)).toBeInTheDocument()
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument()
  })

  it('removes a passkey with a passkey, approving only that removal', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 77, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: true },
    })
    getPasskeyAssertion.mockResolvedValue({ ...CREDENTIAL, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } as never)
    const asked: string[] = []
    const listen = ({ request }: { request: Request }) => {
      if (request.url.includes('/passkeys/77/')) asked.push(new URL(request.url).pathname)
    }
    server.events.on('request:start', listen)
    const { user } = renderTwoFactor()
    expect(await screen.findByText('Pixel 8')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    const modal = await dialog('Remove this passkey')
    expect(within(modal).getByText(/approves only removing this one/)).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(PASSKEY_REMOVED)).toBeInTheDocument()
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument()
    expect(asked).toContain('/api/ibanking/personal/passkeys/77/passkey-options')
    server.events.removeListener('request:start', listen)
  })

  it('shows a failed list with Retry, then the list', async () => {
    let fail = true
    server.use(
      http.get('/api/ibanking/personal/passkeys', () =>
        fail ? HttpResponse.json({ title: 'Service Unavailable', status: 503, detail: 'Kobo is busy' }, { status: 503 }) : undefined,
      ),
    )
    const { user } = renderTwoFactor()
    expect(await screen.findByText(PASSKEYS_FAILED)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /Retry/ }))
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument()
  })
})

describe('Sign in with a passkey', () => {
  beforeEach(() => {
    mockPasskeys.clear()
    getPasskeyAssertion.mockReset()
  })

  const assertion = (id: string) => ({
    id,
    rawId: id,
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
    clientExtensionResults: {},
  })

  it('signs in with no code step and routes by onboardingComplete', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 1, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: false },
    })
    getPasskeyAssertion.mockResolvedValue(assertion('cred-1') as never)
    const { user, router, store } = renderWithProviders({ route: '/' })
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(screen.queryByRole('heading', { name: 'OTP Verification' })).toBeNull()
    expect(store.getState().app.userInfo?.firstName).toBe('Ada')
    const options = getPasskeyAssertion.mock.calls[0][0].optionsJSON
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [] })
  })

  it('offers passkeys in the e-mail field\'s autofill where the browser can, and signs in with the one picked', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 1, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: false },
    })
    vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: async () => true,
    }))
    let pick: (value: unknown) => void = () => {}
    getPasskeyAssertion.mockImplementation(() => new Promise((resolve) => (pick = resolve)) as never)
    const { router, store } = renderWithProviders({ route: '/' })
    expect(await screen.findByRole('textbox', { name: /Email or Phone Number/ })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    )
    // The ceremony waits, with no prompt, for the customer to pick from the autofill.
    await waitFor(() => expect(getPasskeyAssertion).toHaveBeenCalledTimes(1))
    expect(getPasskeyAssertion.mock.calls[0][0]).toMatchObject({ useBrowserAutofill: true })
    expect(router.state.location.pathname).toBe('/')
    pick(assertion('cred-1'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(store.getState().app.userInfo?.firstName).toBe('Ada')
    // The login form is gone: a ceremony still waiting would be ended.
    await waitFor(() => expect(WebAuthnAbortService.cancelCeremony).toHaveBeenCalled())
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  })

  it('says nothing when the autofill ceremony cannot start (an origin the passkeys are not bound to)', async () => {
    vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: async () => true,
    }))
    getPasskeyAssertion.mockRejectedValue(Object.assign(new Error('The relying party ID is not a registrable domain suffix'), { name: 'SecurityError' }))
    const { router } = renderWithProviders({ route: '/' })
    await waitFor(() => expect(getPasskeyAssertion).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText(/cannot use passkeys/)).toBeNull()
    expect(router.state.location.pathname).toBe('/')
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  })

    it('asks for no passkey until a click where the autofill cannot offer them', async () => {
    renderWithProviders({ route: '/' })
    await screen.findByRole('button', { name: 'Sign in with a passkey' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(getPasskeyAssertion).not.toHaveBeenCalled()
  })

  it('stays on the login page with the reason for an unknown passkey or a cancelled prompt', async () => {
    getPasskeyAssertion.mockResolvedValueOnce(assertion('unknown') as never)
    const { user, router, store } = renderWithProviders({ route: '/' })
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText('We could not sign you in with this passkey. Please sign in with your password.')).toBeInTheDocument()
    getPasskeyAssertion.mockRejectedValueOnce(dismissed())
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(store.getState().app.userInfo).toBeNull()
    expect(store.getState().auth.loading).toBe(false)
  })
})
