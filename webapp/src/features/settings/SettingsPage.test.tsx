/** /settings: the five tabs, account cards and disable, change password, limits with a code, 2FA switch. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { personas } from '../../mocks/personas'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { HIDDEN_AMOUNT } from '../../lib/format'
import { customerOf } from '../../mocks/state'
import { ACCOUNT_DISABLED, ACCOUNT_CREATED } from '../../store/accounts/texts'
import { openAccount } from '../accounts/mocks'
import { GOOGLE_PROMPT, OTP_SENT } from '../../mocks/session'
import { choose, dialog, dialogClosed, queryDialog, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import {
  CONFIRM_REQUIRED,
  GOOGLE_SET,
  LIMIT_EDITED,
  OTP_SET,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_CHANGED,
  PASSWORD_MIN,
  PASSWORD_POLICY,
  PASSWORD_REQUIRED,
  TWO_FACTOR_TYPE_ERROR,
  ACCOUNTS_FAILED,
  LIMITS_FAILED,
  TWO_FACTOR_FAILED,
} from './texts'
import { meetsPasswordPolicy } from './password'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'

const TWO_FACTOR_TYPE_PATH = '/api/ibanking/personal/2fa/type'
const LIMITS_PATH = '/api/ibanking/personal/transaction-limits'

setUpMoneyTests()
// Whole-page journeys: generous on a loaded machine (CI runs them beside the e2e stack).
vi.setConfig({ testTimeout: 45_000 })

const ada = personas.find((p) => p.key === 'ada')!
const button = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!
const cards = () => screen.getAllByTestId('manage-account-card')
/** The bodies of every PATCH /password the page sends, in order. */
function recordPasswordBodies(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  const record = ({ request }: { request: Request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/ibanking/personal/password') {
      void request.clone().json().then((body: Record<string, unknown>) => bodies.push(body))
    }
  }
  server.events.on('request:start', record)
  onTestFinished(() => server.events.removeListener('request:start', record))
  return bodies
}
async function fillPasswordForm(user: UserEvent, oldPassword = 'Kobo@2026', next = 'NewPass@2026') {
  await user.type(await screen.findByLabelText('Old Password'), oldPassword)
  await user.type(screen.getByLabelText('New Password'), next)
  await user.type(screen.getByLabelText('Confirm Password'), next)
}
const card = (n: string) => cards().find((c) => c.dataset.accountNumber === n)!

function renderSettings(tab?: string, persona = 'ada') {
  return renderWithProviders({ route: `/settings${tab ? `?tab=${tab}` : ''}`, preloadedState: signedInState(persona) })
}

describe('Settings tabs', () => {
  it('has the five tabs, Manage Account first, and keeps the chosen tab in the address', async () => {
    const { user, router } = renderSettings()
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Manage Account',
      'Change Password',
      'Transaction Limit',
      '2 Factor Authentication',
      'Your data',
    ])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    await user.click(tabs[1])
    await waitFor(() => expect(router.state.location.search).toBe('?tab=change-password'))
    expect(await screen.findByLabelText('Old Password')).toBeInTheDocument()
  })
})

describe('Manage Account', () => {
  it('shows a colour card per account with the balance hidden until toggled, and copy for the number', async () => {
    const { user } = renderSettings()
    await waitFor(() => expect(cards()).toHaveLength(3))
    const backgrounds = cards().map((c) => c.style.background)
    expect(new Set(backgrounds).size).toBe(3)
    for (const c of cards()) expect(within(c).getByTestId('manage-account-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    await user.click(within(card('1020000122')).getByLabelText('Show balance of 1020000122'))
    expect(within(card('1020000122')).getByTestId('manage-account-balance')).toHaveTextContent('₦1,200,000.00')
    expect(within(card('1020000115')).getByTestId('manage-account-balance')).toHaveTextContent(HIDDEN_AMOUNT)
    expect(within(card('1020000115')).getByLabelText('Copy account number')).toBeInTheDocument()
  })

  it('opens an account from the Create Account modal', async () => {
    const { user } = renderSettings()
    await waitFor(() => expect(cards()).toHaveLength(3))
    await user.click(screen.getByText('Create Account', { selector: 'button span' }))
    const modal = await dialog('Create Account')
    await choose(user, within(modal).getByLabelText('Account Type'), 'Kids Savings Account')
    await user.click(button('Create', modal))
    expect(await screen.findByText(ACCOUNT_CREATED)).toBeInTheDocument()
    await waitFor(() => expect(cards()).toHaveLength(4))
    expect(card('1050000001')).toHaveTextContent('Kids Savings Account')
  })

  it('disables an empty account with a code; the card then shows Disabled', async () => {
    openAccount(customerOf(ada), 4)
    const { user } = renderSettings()
    await waitFor(() => expect(cards()).toHaveLength(4))
    await user.click(within(card('1050000001')).getByLabelText('Disable account 1050000001'))
    await user.click(await screen.findByText('Disable', { selector: '.ant-popconfirm-buttons button span' }))
    const code = await dialog('OTP Verification')
    expect(within(code).getByText('Enter the OTP sent to your registered email & phone number')).toBeInTheDocument()
    await typeCode(user, '000000', code)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).not.toBeNull()
    await typeCode(user, '123456', code)
    expect(await screen.findByText(ACCOUNT_DISABLED)).toBeInTheDocument()
    await dialogClosed('OTP Verification')
    await waitFor(() => expect(within(card('1050000001')).getByText('Disabled')).toBeInTheDocument())
    expect(within(card('1050000001')).queryByLabelText('Disable account 1050000001')).not.toBeInTheDocument()
  })

  it("shows the server's refusal when the account still holds money", async () => {
    const { user } = renderSettings()
    await waitFor(() => expect(cards()).toHaveLength(3))
    await user.click(within(card('1020000139')).getByLabelText('Disable account 1020000139'))
    await user.click(await screen.findByText('Disable', { selector: '.ant-popconfirm-buttons button span' }))
    expect(
      await screen.findByText('Move the money out of this account before disabling it: its balance is ₦250,000.00'),
    ).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).toBeNull()
  })
})

describe('Change Password', () => {
  it('validates with the spec messages', async () => {
    const { user } = renderSettings('change-password')
    const submit = button('Change Password', await screen.findByRole('tabpanel'))
    await user.click(submit)
    await waitFor(() => expect(screen.getAllByText(PASSWORD_REQUIRED)).toHaveLength(2))
    expect(screen.getByText(CONFIRM_REQUIRED)).toBeInTheDocument()

    await user.type(screen.getByLabelText('New Password'), 'short')
    fireEvent.blur(screen.getByLabelText('New Password'))
    expect(await screen.findByText(PASSWORD_MIN)).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'longenough1')
    expect(await screen.findByText(PASSWORD_POLICY)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Confirm Password'), 'different')
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument()
  })

  it('a wrong old password lands on its field and no code is sent', async () => {
    const bodies = recordPasswordBodies()
    const { user } = renderSettings('change-password')
    await fillPasswordForm(user, 'Wrong@2026')
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    expect(await screen.findAllByText('Your old password is incorrect')).not.toHaveLength(0)
    expect(document.querySelector('#oldPassword_help, [id$="oldPassword_help"]')).toHaveTextContent(
      'Your old password is incorrect',
    )
    expect(queryDialog('OTP Verification')).toBeNull()
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).not.toHaveProperty('otp')
  })

  it('asks for the code after a valid form, then changes the password, toasts and clears the form', async () => {
    const bodies = recordPasswordBodies()
    const { user } = renderSettings('change-password')
    await fillPasswordForm(user)
    await user.click(button('Change Password', screen.getByRole('tabpanel')))

    // Step-up: the server checked the form and sent a code; nothing has changed yet.
    const code = await dialog('OTP Verification')
    expect(within(code).getByText(OTP_SENT)).toBeInTheDocument()
    expect(within(code).getByTestId('password-code-summary')).toHaveTextContent('Change Password')
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull()
    expect(screen.getByLabelText('Old Password')).toHaveValue('Kobo@2026')

    await typeCode(user, '123456', code)
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument()
    await dialogClosed('OTP Verification')
    await waitFor(() => expect(screen.getByLabelText('Old Password')).toHaveValue(''))
    expect(screen.getByLabelText('New Password')).toHaveValue('')
    // The second call re-sent the first call's form, with the code.
    const first = { oldPassword: 'Kobo@2026', newPassword: 'NewPass@2026', confirmPassword: 'NewPass@2026' }
    await waitFor(() => expect(bodies).toEqual([first, { ...first, otp: '123456' }]))
  })

  it('a wrong code keeps the dialog open with empty boxes and changes nothing; the right one then succeeds', async () => {
    const bodies = recordPasswordBodies()
    const { user } = renderSettings('change-password')
    await fillPasswordForm(user)
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    const code = await dialog('OTP Verification')
    await typeCode(user, '000000', code)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    await waitFor(() => expect(within(code).getByLabelText('Character 1 of 6')).toHaveValue(''))
    expect(queryDialog('OTP Verification')).toBe(code)
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull()
    expect(screen.getByLabelText('Old Password')).toHaveValue('Kobo@2026')
    expect(screen.getByLabelText('New Password')).toHaveValue('NewPass@2026')

    await typeCode(user, '123456', code)
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Old Password')).toHaveValue(''))
    await waitFor(() => expect(bodies.map((b) => b.otp)).toEqual([undefined, '000000', '123456']))
  })

  it('Cancel at the code step returns to the form with nothing changed', async () => {
    const bodies = recordPasswordBodies()
    const { user } = renderSettings('change-password')
    await fillPasswordForm(user)
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    await user.click(button('Cancel', await dialog('OTP Verification')))
    await dialogClosed('OTP Verification')
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull()
    expect(screen.getByLabelText('Old Password')).toHaveValue('Kobo@2026')
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('NewPass@2026')
    expect(bodies).toHaveLength(1)

    // Submitting again asks for a fresh code.
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    expect(await dialog('OTP Verification')).toBeInTheDocument()
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]).not.toHaveProperty('otp')
  })

  it('names the authenticator app for a Google Authenticator customer', async () => {
    const { user } = renderSettings('change-password', 'tunde')
    await fillPasswordForm(user)
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    const code = await dialog('Google Authentication')
    expect(within(code).getByText(GOOGLE_PROMPT)).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).toBeNull()
    await typeCode(user, '123456', code)
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument()
  })

  it('a form error found at the code step closes the dialog and lands on its field', async () => {
    const { user } = renderSettings('change-password')
    await fillPasswordForm(user)
    await user.click(button('Change Password', screen.getByRole('tabpanel')))
    const code = await dialog('OTP Verification')
    // E.g. the password was changed on another device in the meantime.
    server.use(
      http.patch('/api/ibanking/personal/password', () =>
        HttpResponse.json(
          {
            status: 400,
            title: 'Bad Request',
            detail: 'Your old password is incorrect',
            errors: [{ field: 'oldPassword', message: 'Your old password is incorrect' }],
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    await typeCode(user, '123456', code)
    await dialogClosed('OTP Verification')
    await waitFor(() =>
      expect(document.querySelector('[id$="oldPassword_help"]')).toHaveTextContent('Your old password is incorrect'),
    )
  })

  it('knows the policy', () => {
    expect(meetsPasswordPolicy('Kobo@2026')).toBe(true)
    expect(meetsPasswordPolicy('kobo@2026')).toBe(false)
    expect(meetsPasswordPolicy('Kobo_2026')).toBe(false)
    expect(meetsPasswordPolicy('Kobo@Kobo')).toBe(false)
  })
})

describe('Transaction Limit', () => {
  it('shows a card per transfer type for the chosen account, with the KYC maximum', async () => {
    const { user } = renderSettings('transaction-limit')
    await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
    const [intra] = screen.getAllByTestId('limit-card')
    expect(intra).toHaveTextContent('Kobo to Kobo transfers')
    expect(within(intra).getByTestId('daily-limit')).toHaveTextContent('₦5,000,000.00')
    expect(within(intra).getByTestId('single-limit')).toHaveTextContent('₦1,000,000.00')
    expect(intra).toHaveTextContent('Daily Transfer Limit')
    expect(intra).toHaveTextContent('Maximum amount per transaction')
    expect(screen.getByText(/Your KYC level allows up to ₦5,000,000.00 a day/)).toBeInTheDocument()
    await choose(user, 'Product Type', 'Current Account (1020000122)')
    expect(screen.getAllByTestId('limit-card')).toHaveLength(3)
  })

  it('sets a limit: Set Limit modal, then the code modal, then the new figures', async () => {
    const { user } = renderSettings('transaction-limit')
    await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
    await user.click(screen.getByLabelText('Set Limit for Transfers to other banks'))
    const modal = await dialog('Set Limit')
    const daily = within(modal).getByLabelText('Daily Transfer Limit')
    const single = within(modal).getByLabelText('Maximum amount per transaction')
    await user.clear(daily)
    await user.clear(single)
    await user.click(button('Set Limit', modal))
    await waitFor(() => expect(within(modal).getAllByText('This field is required')).toHaveLength(2))

    await user.type(daily, '100000')
    await user.type(single, '200000')
    await user.click(button('Set Limit', modal))
    expect(await within(modal).findByText('Maximum amount per transaction cannot exceed the daily limit')).toBeInTheDocument()

    await user.clear(single)
    await user.type(single, '25000')
    await user.click(button('Set Limit', modal))
    const code = await dialog('OTP Verification')
    await typeCode(user, '123456', code)
    expect(await screen.findByText(LIMIT_EDITED)).toBeInTheDocument()
    const other = screen.getAllByTestId('limit-card')[1]
    await waitFor(() => expect(within(other).getByTestId('daily-limit')).toHaveTextContent('₦100,000.00'))
    expect(within(other).getByTestId('single-limit')).toHaveTextContent('₦25,000.00')
    // Only that transfer type changed.
    expect(within(screen.getAllByTestId('limit-card')[0]).getByTestId('daily-limit')).toHaveTextContent('₦5,000,000.00')
  })
})

describe('2 Factor Authentication', () => {
  it('checks the active method and switches to Google Authenticator with both codes', async () => {
    let sent: unknown
    const { user, store } = renderSettings('2fa')
    const radios = await screen.findAllByRole('radio')
    await waitFor(() => expect(radios[0]).toHaveAttribute('aria-checked', 'true'))
    expect(radios[0]).toHaveTextContent('OTP authentication')
    expect(within(radios[0]).getByLabelText('Active')).toBeInTheDocument()
    expect(radios[1]).toHaveTextContent('Google authenticator')

    server.use(
      http.post('/api/ibanking/personal/2fa/google-authenticator/confirm', async ({ request }) => {
        sent = await request.clone().json()
        return undefined
      }),
    )
    await user.click(radios[1])
    const modal = await dialog('Set up Google Authenticator')
    expect(within(modal).getByAltText('QR code for Google Authenticator')).toHaveAttribute('src', expect.stringMatching(/^data:image\//))
    expect(within(modal).getByTestId('setup-code')).toHaveTextContent('JBSWY3DPEHPK3PXPKOBOMOCKZZZZAAAA')
    expect(within(modal).getByText(/the OTP we sent to your email & phone number/)).toBeInTheDocument()

    const [appCode, currentCode] = within(modal).getAllByLabelText('Character 1 of 6')
    await user.click(appCode)
    await user.keyboard('123456')
    await user.click(currentCode)
    await user.keyboard('123456')
    expect(await screen.findByText(GOOGLE_SET)).toBeInTheDocument()
    expect(sent).toEqual({ code: '123456', currentCode: '123456' })
    await waitFor(() => expect(screen.getAllByRole('radio')[1]).toHaveAttribute('aria-checked', 'true'))
    expect(store.getState().app.userInfo?.twoFactorAuthentication).toBe('GOOGLE_AUTHENTICATOR')
  })

  it('switches back to OTP with the new OTP and the current authenticator code', async () => {
    const { user } = renderSettings('2fa', 'tunde')
    const radios = await screen.findAllByRole('radio')
    await waitFor(() => expect(radios[1]).toHaveAttribute('aria-checked', 'true'))
    await user.click(radios[0])
    const modal = await dialog('Switch to OTP authentication')
    expect(within(modal).getByText('OTP sent to your email & phone number')).toBeInTheDocument()
    expect(within(modal).getByText('Code from your current authenticator app')).toBeInTheDocument()
    const [otp, current] = within(modal).getAllByLabelText('Character 1 of 6')
    await user.click(otp)
    await user.keyboard('123456')
    await user.click(current)
    await user.keyboard('000000')
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(queryDialog('Switch to OTP authentication')).not.toBeNull()
    await user.click(within(modal).getAllByLabelText('Character 1 of 6')[0])
    await user.keyboard('123456')
    await user.click(within(modal).getAllByLabelText('Character 1 of 6')[1])
    await user.keyboard('123456')
    expect(await screen.findByText(OTP_SET)).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveAttribute('aria-checked', 'true'))
  })

  it('falls back to the spec sentence when the type cannot be read', async () => {
    server.use(http.get(TWO_FACTOR_TYPE_PATH, () => new HttpResponse(null, { status: 500 })))
    renderSettings('2fa')
    await expectFailure(TWO_FACTOR_TYPE_ERROR)
  })

  it('a 500 on the method shows the reason and a Retry that then marks the active method', async () => {
    failWithProblem(TWO_FACTOR_TYPE_PATH, 'The security service is unavailable')
    const { user } = renderSettings('2fa')
    const retry = await expectFailure('The security service is unavailable')
    expect(screen.getByText(TWO_FACTOR_FAILED)).toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveAttribute('aria-checked', 'true'))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the method says so, and Retry loads it', async () => {
    failWithNetworkError(TWO_FACTOR_TYPE_PATH)
    const { user } = renderSettings('2fa')
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveAttribute('aria-checked', 'true'))
  })
})

describe('Failed loads of the accounts and the limits', () => {
  it('a 500 on the accounts shows the reason and a Retry, then the cards', async () => {
    failWithProblem('/api/accounts', 'Core banking is unavailable')
    const { user } = renderSettings()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(ACCOUNTS_FAILED)).toBeInTheDocument()
    expect(screen.queryByText('You have no accounts yet.')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the accounts says so, and Retry shows the cards', async () => {
    failWithNetworkError('/api/accounts')
    const { user } = renderSettings()
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(cards()).toHaveLength(3))
  })

  it('a 500 on the limits shows the reason and a Retry, not "No records to display"; Retry shows them', async () => {
    failWithProblem(LIMITS_PATH, 'Core banking is unavailable')
    const { user } = renderSettings('transaction-limit')
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(LIMITS_FAILED)).toBeInTheDocument()
    expect(screen.queryByText('No records to display')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
  })

  it('a network failure on the limits says so, and Retry shows them', async () => {
    failWithNetworkError(LIMITS_PATH)
    const { user } = renderSettings('transaction-limit')
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
  })

  it('no limits at all is the empty state, not a failure', async () => {
    server.use(http.get(LIMITS_PATH, () => HttpResponse.json([])))
    renderSettings('transaction-limit')
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })
})
