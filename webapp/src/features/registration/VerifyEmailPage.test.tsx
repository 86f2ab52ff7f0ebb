import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AUTH_BASE } from '../auth/api'
import { apiUrl } from './testHelpers'
import { encodeBase64 } from '../../lib/base64'
import { EMAIL_NOT_VERIFIED_DETAIL } from '../auth/mocks'

const EMAIL = 'ngozi.adebayo@example.com'
const PASSWORD = 'Kobo@2026!'

/** Registers Ngozi in the mock, as the signup page would. */
async function registerNgozi() {
  const response = await fetch(apiUrl(`${AUTH_BASE}/registration/new`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Ngozi',
      lastName: 'Adebayo',
      email: EMAIL,
      phoneNumber: '08099900001',
      dateOfBirth: '14/03/1995',
      bvn: '22299900001',
      gender: 'FEMALE',
      stateOfResidence: 'Lagos',
      address: '12 Allen Avenue',
      employmentStatus: 'EMPLOYED',
      maritalStatus: 'SINGLE',
      accountTypeId: 1,
      clientType: 'INDIVIDUAL',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      registrationType: 'NEW',
    }),
  })
  expect(response.status).toBe(201)
}

const codeBoxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox')

async function openVerify(email = EMAIL) {
  const view = renderWithProviders({ route: `/verify-email?email=${encodeURIComponent(encodeBase64(email))}` })
  await screen.findByRole('heading', { name: 'Verify Email' })
  return view
}

describe('Verify email page', () => {
  it('decodes the base64 address from the query and shows STEP 3 OF 3', async () => {
    await openVerify()
    expect(screen.getByText(EMAIL)).toBeInTheDocument()
    expect(codeBoxes()).toHaveLength(6)
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument()
    expect(within(screen.getByRole('complementary', { name: 'About Kobo' })).getByText('STEP 3 OF 3')).toBeInTheDocument()
  })

  it('explains a link without a readable address', async () => {
    renderWithProviders({ route: '/verify-email?email=%%%' })
    expect(await screen.findByText('We could not read this link')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/')
  })

  it('requires all six characters', async () => {
    const { user } = await openVerify()
    await user.click(codeBoxes()[0])
    await user.keyboard('123')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
  })

  it('verifies with the code, says "OTP verified" and goes to the login page', async () => {
    await registerNgozi()
    const { user, router } = await openVerify()
    await user.click(codeBoxes()[0])
    await user.paste('123456')
    expect(await screen.findByText('OTP verified')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
  })

  it('toasts the server detail for a wrong code and clears the boxes', async () => {
    await registerNgozi()
    const { user, router } = await openVerify()
    await user.click(codeBoxes()[0])
    await user.paste('000000')
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    await waitFor(() => expect(codeBoxes().map((b) => (b as HTMLInputElement).value).join('')).toBe(''))
    expect(router.state.location.pathname).toBe('/verify-email')
  })

  it('falls back to "An error occurred" without a detail', async () => {
    server.use(http.post(`${AUTH_BASE}/email/verification`, () => new HttpResponse(null, { status: 502 })))
    const { user } = await openVerify()
    await user.click(codeBoxes()[0])
    await user.paste('123456')
    expect(await screen.findByText('An error occurred')).toBeInTheDocument()
  })

  it('resends the code: "Resending..." and then "OTP Resent"', async () => {
    let calls = 0
    let sentTo: unknown
    // The answer waits until the test has seen "Resending..." (a fixed 50 ms wait was
    // shorter than one look on a busy machine, and the test failed once that way).
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.post(`${AUTH_BASE}/email/resend-code`, async ({ request }) => {
        calls += 1
        sentTo = ((await request.json()) as { email: string }).email
        await answered
        return HttpResponse.json({ message: 'OTP Resent' })
      }),
    )
    const { user } = await openVerify()
    await user.click(screen.getByText('Resend'))
    expect(await screen.findByText('Resending...')).toBeInTheDocument()
    answer()
    expect(await screen.findByText('OTP Resent')).toBeInTheDocument()
    expect(calls).toBe(1)
    expect(sentTo).toBe(EMAIL)
    expect(await screen.findByText('Resend')).toBeInTheDocument()
  })

  it('signing in before verifying goes to /verify-email for that address', async () => {
    await registerNgozi()
    const { user, router } = renderWithProviders({ route: '/' })
    await screen.findByRole('heading', { name: 'Login' })
    await user.type(screen.getByLabelText('Email or Phone Number'), EMAIL)
    await user.type(screen.getByLabelText('Password'), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    expect(await screen.findByText(EMAIL_NOT_VERIFIED_DETAIL)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe(encodeBase64(EMAIL))

    // Verify, then sign in for real: the mock now lets Ngozi through to the code step.
    await screen.findByRole('heading', { name: 'Verify Email' })
    await user.click(codeBoxes()[0])
    await user.paste('123456')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await user.type(await screen.findByLabelText('Email or Phone Number'), EMAIL)
    await user.type(screen.getByLabelText('Password'), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument()
  })
})
