import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders } from '../../test/renderWithProviders'
import { USER_INFO_KEY } from '../../app/sessionStorage'
import { MOCK_PASSWORD } from '../../mocks/personas'
import { LoginInLimits } from '../../api/limits'
import contract from '../../api/openapi.json'

async function signIn(email: string, password = MOCK_PASSWORD) {
  const view = renderWithProviders({ route: '/' })
  const { user } = view
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
  await user.type(screen.getByLabelText('Email or Phone Number'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Log In' }))
  return view
}

function codeBoxes() {
  return within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox')
}

describe('Login page', () => {
  it('shows the credentials step with its links', async () => {
    renderWithProviders({ route: '/' })
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByText(/You're new in here\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup')
  })

  it('caps the fields at the lengths the BFF enforces (from the contract)', async () => {
    renderWithProviders({ route: '/' })
    const email = await screen.findByLabelText('Email or Phone Number')
    const { properties } = contract.components.schemas.LoginIn
    expect(LoginInLimits.email.maxLength).toBe(properties.email.maxLength)
    expect(email).toHaveAttribute('maxLength', String(properties.email.maxLength))
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', String(properties.password.maxLength))
  })

  it('requires email and password', async () => {
    const { user, store } = renderWithProviders({ route: '/' })
    await user.click(await screen.findByRole('button', { name: 'Log In' }))
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2))
    expect(store.getState().auth.step).toBe('credentials')
  })

  it('toggles the password visibility', async () => {
    const { user } = renderWithProviders({ route: '/' })
    const password = await screen.findByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByLabelText('Show password'))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByLabelText('Hide password'))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('stays on the credentials step and toasts the server detail for a wrong password', async () => {
    const { store } = await signIn('ada.okafor@example.com', 'wrong-password')
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument()
    expect(store.getState().auth.step).toBe('credentials')
    expect(store.getState().app.userInfo).toBeNull()
  })

  it('signs in with a code and lands on /home when onboarding is complete', async () => {
    const { user, router, store } = await signIn('ada.okafor@example.com')
    expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument()
    expect(screen.getByText('Enter OTP sent to registered email & phone number')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument()

    // Typing the sixth character submits on its own: no click on Finish.
    await user.click(codeBoxes()[0])
    await user.keyboard('123456')

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Welcome Ada' })).toBeInTheDocument()
    const saved = JSON.parse(window.localStorage.getItem(USER_INFO_KEY) ?? 'null')
    expect(saved.tokenDTO.accessToken).toBeTruthy()
    expect(store.getState().app.userInfo?.firstName).toBe('Ada')
  })

  it('lands on /onboarding when onboarding is not complete', async () => {
    const { user, router } = await signIn('chioma.eze@example.com')
    await screen.findByRole('heading', { name: 'OTP Verification' })
    await user.click(codeBoxes()[0])
    await user.paste('123456')
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'))
    expect(await screen.findByText('Complete setting up your account')).toBeInTheDocument()
  })

  it('accepts a phone number and shows the Google Authenticator heading for such users', async () => {
    await signIn('08031234502')
    expect(await screen.findByRole('heading', { name: 'Google Authentication' })).toBeInTheDocument()
    expect(screen.getByText('Enter the verification code in your google authenticator app')).toBeInTheDocument()
  })

  it('toasts "Invalid or expired OTP" for a wrong code, clears the boxes and stays signed out', async () => {
    const { user, router, store } = await signIn('ada.okafor@example.com')
    await screen.findByRole('heading', { name: 'OTP Verification' })
    await user.click(codeBoxes()[0])
    await user.paste('000000')
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    await waitFor(() => expect(codeBoxes().map((b) => (b as HTMLInputElement).value).join('')).toBe(''))
    expect(router.state.location.pathname).toBe('/')
    expect(store.getState().app.userInfo).toBeNull()
    expect(store.getState().auth.step).toBe('verification')
  })

  it('Resend only shows "Resending..." for a moment on the login step', async () => {
    const { user } = await signIn('ada.okafor@example.com')
    await screen.findByRole('heading', { name: 'OTP Verification' })
    await user.click(screen.getByText('Resend'))
    expect(screen.getByText('Resending...')).toBeInTheDocument()
    expect(await screen.findByText('Resend')).toBeInTheDocument()
  })

  it('Finish with an incomplete code asks for the missing characters', async () => {
    const { user, store } = await signIn('ada.okafor@example.com')
    await screen.findByRole('heading', { name: 'OTP Verification' })
    await user.click(codeBoxes()[0])
    await user.keyboard('12')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(store.getState().auth.loading).toBe(false)
  })
})
