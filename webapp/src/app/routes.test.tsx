import { screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { render } from '@testing-library/react'
import { AppProviders } from './AppProviders'
import { createTestStore, renderWithProviders, signedInState } from '../test/renderWithProviders'
import { ErrorPage, ERROR_TITLE } from './pages/ErrorPage'
import { NOT_AUTHORIZED } from './pages/NotAuthorizedPage'

describe('routes', () => {
  it.each([
    ['/signup', 'Create Account'],
    ['/verify-email?email=YWRhQGV4YW1wbGUuY29t', 'Verify Email'],
    ['/forgot-password', 'Forgot Password'],
  ])('%s is a public page in the auth layout', async (route, title) => {
    renderWithProviders({ route })
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'About Kobo' })).toBeInTheDocument()
  })

  it('/reset-password/:code/:email checks the link first', async () => {
    renderWithProviders({ route: '/reset-password/abc/YWRh' })
    expect(await screen.findByText('Link not valid')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/')
  })

  it('/not-authorized explains and offers Go back', async () => {
    renderWithProviders({ route: '/not-authorized' })
    expect(await screen.findByText(NOT_AUTHORIZED)).toBeInTheDocument()
    expect(NOT_AUTHORIZED).toBe("Sorry! You don't have access to view this page")
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument()
  })

  it('an unknown route shows a 404 card', async () => {
    renderWithProviders({ route: '/no/such/page' })
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
  })

  it('/onboarding has its own layout with title and subtitle', async () => {
    renderWithProviders({ route: '/onboarding', preloadedState: signedInState('chioma') })
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeInTheDocument()
    expect(screen.getByText('Complete setting up your account')).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: /Onboarding/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /user menu/i })).toBeInTheDocument()
  })

  it('/customer-service/:ticketId is a logged-in page', async () => {
    renderWithProviders({ route: '/customer-service/42', preloadedState: signedInState() })
    expect(await screen.findByRole('heading', { name: 'Customer Service' }, { timeout: 10_000 })).toBeInTheDocument()
  })

  it('an error thrown while rendering shows "Unexpected Application Error!", never the code\'s message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    function Boom(): never {
      throw new Error('Kaboom in the dashboard')
    }
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }])
    render(
      <AppProviders store={createTestStore()}>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(await screen.findByText(ERROR_TITLE)).toBeInTheDocument()
    expect(ERROR_TITLE).toBe('Unexpected Application Error!')
    expect(screen.queryByText(/Kaboom in the dashboard/)).not.toBeInTheDocument()
  })
})
