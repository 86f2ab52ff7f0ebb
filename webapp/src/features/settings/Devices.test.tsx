/**
 * Known devices in Settings › 2 Factor Authentication (docs/contract.md §14.4b): the list
 * with "This device" marked, renaming, removing with a code (not this device), the failed
 * and empty states; renaming a passkey; and the new-device cap notice on the transfer form
 * (§8.3). The rule itself is tested in pytest (bff/tests/test_devices.py).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { mockPasskeys } from '../../mocks/passkeys'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { DEVICES_EMPTY, DEVICES_FAILED, DEVICE_REMOVED, DEVICE_RENAMED, THIS_DEVICE } from './devices/texts'
import { PASSKEY_RENAMED } from './passkeys/texts'
import { startAuthentication } from '@simplewebauthn/browser'

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }))
const getPasskeyAssertion = vi.mocked(startAuthentication)
const ASSERTION = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: null },
  clientExtensionResults: {},
}

beforeAll(() => {
  // jsdom has no WebAuthn: the feature check looks for this constructor.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
})
afterAll(() => vi.unstubAllGlobals())

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

function renderTwoFactor() {
  return renderWithProviders({ route: '/settings?tab=2fa', preloadedState: signedInState('ada') })
}

const devicesSection = async () => (await screen.findByRole('heading', { name: 'Your devices' })).closest('section') as HTMLElement

describe('Devices in Settings', () => {
  beforeEach(() => mockPasskeys.clear())

  it('lists the devices with this one marked and no Remove on it', async () => {
    renderTwoFactor()
    const section = await devicesSection()
    expect(await within(section).findByText('Chrome on Windows')).toBeInTheDocument()
    expect(within(section).getByText('Safari on iPhone')).toBeInTheDocument()
    expect(within(section).getByText(THIS_DEVICE)).toBeInTheDocument()
    expect(within(section).getByText(/Transfers limited until/)).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Remove Chrome on Windows' })).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Remove Safari on iPhone' })).toBeInTheDocument()
  })

  it('renames a device', async () => {
    const { user } = renderTwoFactor()
    const section = await devicesSection()
    await user.click(await within(section).findByRole('button', { name: 'Rename Safari on iPhone' }))
    const modal = await dialog('Rename this device')
    const field = within(modal).getByLabelText('Name')
    await user.clear(field)
    await user.type(field, "Ada's iPhone")
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(DEVICE_RENAMED)).toBeInTheDocument()
    await dialogClosed('Rename this device')
    expect(within(section).getByText("Ada's iPhone")).toBeInTheDocument()
  })

  it('removes a device with the code; a wrong code keeps the dialog open', async () => {
    const { user } = renderTwoFactor()
    const section = await devicesSection()
    await user.click(await within(section).findByRole('button', { name: 'Remove Safari on iPhone' }))
    const modal = await dialog('Remove this device')
    expect(await within(modal).findByText('Enter the OTP sent to your registered email & phone number')).toBeInTheDocument()
    await typeCode(user, '000000', modal)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(within(section).getByText('Safari on iPhone')).toBeInTheDocument()
    await typeCode(user, '123456', modal)
    expect(await screen.findByText(DEVICE_REMOVED)).toBeInTheDocument()
    await dialogClosed('Remove this device')
    await waitFor(() => expect(within(section).queryByText('Safari on iPhone')).not.toBeInTheDocument())
  })

  it('with a passkey, removal offers it first and approves only this removal', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 77, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: true },
    })
    getPasskeyAssertion.mockReset()
    getPasskeyAssertion.mockResolvedValue(ASSERTION as never)
    const asked: string[] = []
    const listen = ({ request }: { request: Request }) => {
      if (request.url.includes('/devices/')) asked.push(new URL(request.url).pathname)
    }
    server.events.on('request:start', listen)
    const { user } = renderTwoFactor()
    const section = await devicesSection()
    await screen.findByText('Pixel 8')
    await user.click(await within(section).findByRole('button', { name: 'Remove Safari on iPhone' }))
    const modal = await dialog('Remove this device')
    expect(within(modal).getByText(/approves only removing this device/)).toBeInTheDocument()
    expect(within(modal).getByRole('button', { name: 'Use a code instead' })).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: /Approve with passkey/ }))
    expect(await screen.findByText(DEVICE_REMOVED)).toBeInTheDocument()
    await waitFor(() => expect(within(section).queryByText('Safari on iPhone')).not.toBeInTheDocument())
    expect(asked).toContain('/api/ibanking/personal/devices/2/passkey-options')
    server.events.removeListener('request:start', listen)
  })

  it('tells a failed read apart from an empty list, with Retry', async () => {
    let fail = true
    server.use(
      http.get('/api/ibanking/personal/devices', () =>
        fail
          ? HttpResponse.json({ status: 500, title: 'Error', detail: 'Service unavailable' }, { status: 500 })
          : HttpResponse.json([]),
      ),
    )
    const { user } = renderTwoFactor()
    const section = await devicesSection()
    expect(await within(section).findByText(DEVICES_FAILED)).toBeInTheDocument()
    fail = false
    await user.click(within(section).getByRole('button', { name: 'Retry' }))
    expect(await within(section).findByText(DEVICES_EMPTY)).toBeInTheDocument()
  })

  it('renames a passkey', async () => {
    mockPasskeys.set('cred-1', {
      personaKey: 'ada',
      passkey: { id: 77, name: 'Pixel 8', createdAt: '2026-11-20T09:00:00+00:00', lastUsedAt: null, synced: true },
    })
    const { user } = renderTwoFactor()
    await user.click(await screen.findByRole('button', { name: 'Rename Pixel 8' }))
    const modal = await dialog('Rename this passkey')
    const field = within(modal).getByLabelText('Name')
    await user.clear(field)
    await user.type(field, 'Work phone')
    await user.click(within(modal).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(PASSKEY_RENAMED)).toBeInTheDocument()
    expect(await screen.findByText('Work phone')).toBeInTheDocument()
  })
})

describe('The new-device cap on the transfer form', () => {
  beforeEach(() => mockPasskeys.clear())

  it('says nothing on a known device', async () => {
    renderWithProviders({ route: '/transfer', preloadedState: signedInState('ada') })
    expect(await screen.findByLabelText(/Amount/)).toBeInTheDocument()
    expect(screen.queryByText(/This device is new/)).not.toBeInTheDocument()
  })

  it('tells the customer before they type, in the BFF’s words', async () => {
    const message = 'This device is new: until 14:05 tomorrow (West Africa Time) you can send up to ₦20,000 from it (₦20,000 left).'
    server.use(
      http.get('/api/transfer/device-cap', () =>
        HttpResponse.json({ capped: true, limit: 20000, left: 20000, endsAt: '2026-11-29T13:05:00+00:00', message }),
      ),
    )
    renderWithProviders({ route: '/transfer', preloadedState: signedInState('ada') })
    expect(await screen.findByText(message)).toBeInTheDocument()
  })
})
