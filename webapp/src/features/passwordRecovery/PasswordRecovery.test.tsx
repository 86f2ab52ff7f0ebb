import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AUTH_BASE } from '../auth/api'
import { apiUrl } from '../registration/testHelpers'
import { decodeBase64, encodeBase64 } from '../../lib/base64'
import { emailFromPath } from './resetLink'
import { LINK_USED, MOCK_RESET_CODE } from './mocks'

const ADA = 'ada.okafor@example.com'

async function requestLink(identifier = ADA) {
  const response = await fetch(apiUrl(`${AUTH_BASE}/password/forgot/${encodeBase64(identifier)}`), { method: 'POST' })
  expect(response.ok).toBe(true)
}

describe('Forgot password page', () => {
  it('requires the e-mail or phone number', async () => {
    const { user } = renderWithProviders({ route: '/forgot-password' })
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/')
  })

  it('sends the identifier base64-encoded, then shows "Mail Sent Successfully" with resend and Back to Login', async () => {
    const paths: string[] = []
    server.use(
      http.post(`${AUTH_BASE}/password/forgot/:encoded`, ({ params }) => {
        paths.push(String(params.encoded))
        return undefined
      }),
    )
    const { user } = renderWithProviders({ route: '/forgot-password' })
    await user.type(await screen.findByLabelText('Email or Phone Number'), `  ${ADA} `)
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    expect(await screen.findByRole('heading', { name: 'Mail Sent Successfully' })).toBeInTheDocument()
    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument()
    expect(screen.getByText(ADA)).toBeInTheDocument()
    expect(paths.map((p) => decodeBase64(decodeURIComponent(p)))).toEqual([ADA])
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/')

    await user.click(screen.getByText('Resend'))
    await waitFor(() => expect(paths).toHaveLength(2))
    // The same sentence again is the one toast, not a second stacked under it.
    expect(await screen.findAllByText('Email sent successfully')).toHaveLength(1)
  })

  it('toasts the server detail when the request fails', async () => {
    server.use(
      http.post(`${AUTH_BASE}/password/forgot/:encoded`, () =>
        HttpResponse.json({ status: 429, detail: 'Too many requests. Try again later.' }, { status: 429 }),
      ),
    )
    const { user } = renderWithProviders({ route: '/forgot-password' })
    await user.type(await screen.findByLabelText('Email or Phone Number'), '08031234501')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Too many requests. Try again later.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
  })
})

describe('Reset password page', () => {
  it('shows the not-found view with the server message for an invalid link', async () => {
    renderWithProviders({ route: `/reset-password/not-a-code/${encodeURIComponent(ADA)}` })
    expect(await screen.findByText(LINK_USED)).toBeInTheDocument()
    expect(document.querySelector('.ant-result-404')).not.toBeNull()
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument()
  })

  it('falls back to the spec sentence when the refusal has no detail', async () => {
    server.use(http.get(`${AUTH_BASE}/password/verify`, () => new HttpResponse(null, { status: 400 })))
    renderWithProviders({ route: `/reset-password/abc/${encodeURIComponent(ADA)}` })
    expect(
      await screen.findByText('This link is invalid or has expired, a new link has been sent to your email'),
    ).toBeInTheDocument()
  })

  it('checks the link with the code and the e-mail (also a base64 e-mail segment)', async () => {
    const queries: Record<string, string | null>[] = []
    server.use(
      http.get(`${AUTH_BASE}/password/verify`, ({ request }) => {
        const url = new URL(request.url)
        queries.push({ resetCode: url.searchParams.get('resetCode'), email: url.searchParams.get('email') })
        return HttpResponse.json({ valid: true })
      }),
    )
    renderWithProviders({ route: `/reset-password/the-code/${encodeBase64(ADA)}` })
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument()
    expect(queries).toEqual([{ resetCode: 'the-code', email: ADA }])
    expect(emailFromPath('ada%40x.com'.replace('%40', '@'))).toBe('ada@x.com')
  })

  it('validates the new password and its confirmation', async () => {
    await requestLink()
    const { user } = renderWithProviders({ route: `/reset-password/${MOCK_RESET_CODE}/${encodeURIComponent(ADA)}` })
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(await screen.findByText('Confirm Password is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('New Password'), 'Kobo@1')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'kobopassword1')
    expect(
      await screen.findByText('Password must contain at least 1 uppercase letter, 1 special character, and 1 number'),
    ).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'Kobo@2027!')
    await user.type(screen.getByLabelText('Confirm Password'), 'Kobo@2027?')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
  })

  it('sets the new password, says so, goes to the login page, and the link is then used up', async () => {
    await requestLink()
    const route = `/reset-password/${MOCK_RESET_CODE}/${encodeURIComponent(ADA)}`
    const { user, router, unmount } = renderWithProviders({ route })
    await user.type(await screen.findByLabelText('New Password'), 'Kobo@2027!')
    await user.type(screen.getByLabelText('Confirm Password'), 'Kobo@2027!')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))

    // The new password signs in; the old one no longer does.
    await user.type(await screen.findByLabelText('Email or Phone Number'), ADA)
    await user.type(screen.getByLabelText('Password'), 'Kobo@2026')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), 'Kobo@2027!')
    // antd keeps the leaving spinner icon in jsdom (no transition end), hence the pattern.
    await user.click(screen.getByRole('button', { name: /Log In/ }))
    expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument()
    unmount()

    renderWithProviders({ route })
    expect(await screen.findByText(LINK_USED)).toBeInTheDocument()
  })
})
