import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders, setWindowWidth, signedInState } from '../../test/renderWithProviders'
import { initialAppState } from '../../store/appSlice'
import { NAV_LINKS } from '../../store/navLinks'
import { COMING_SOON } from '../pages/ComingSoonPage'

const LABELS = [
  'Home',
  'Transfer',
  'Transaction History',
  'Bills Payment',
  'Savings',
  'Kyc Settings',
  'Scheduled Payments',
  'Beneficiary',
  'Settings',
  'Customer Service',
]

describe('Logged-in shell', () => {
  it('shows the ten navigation entries in order', async () => {
    renderWithProviders({ route: '/home', preloadedState: signedInState() })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const items = within(nav).getAllByRole('link')
    expect(items.map((item) => item.textContent)).toEqual(LABELS)
    expect(NAV_LINKS.map((l) => l.path)).toEqual([
      '/home',
      '/transfer',
      '/transaction-history',
      '/bill-payment',
      '/savings',
      '/kyc-setting',
      '/scheduled-payment',
      '/beneficiary',
      '/settings',
      '/customer-service',
    ])
  })

  it('shows only the permitted links', async () => {
    const state = signedInState()
    renderWithProviders({
      route: '/home',
      preloadedState: { ...state, app: { ...initialAppState, ...state.app!, permittedLinks: ['home', 'settings'] } },
    })
    const items = within(await screen.findByRole('navigation', { name: 'Main navigation' })).getAllByRole('link')
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'Settings'])
  })

  it('navigates from the menu to the page', async () => {
    const { user, router } = renderWithProviders({ route: '/home', preloadedState: signedInState() })
    await user.click(within(await screen.findByRole('navigation', { name: 'Main navigation' })).getByText('Customer Service'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-service'))
    // Pages load on first visit: give the chunk time on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Customer Service' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.queryByText(COMING_SOON)).toBeNull()
  })

  it('marks the current page, and keeps each link named when collapsed to icons', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState() })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Transfer' })).not.toHaveAttribute('aria-current')
    expect(within(nav).getByRole('link', { name: 'Transfer' })).toHaveAttribute('href', '/transfer')
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }))
    expect(within(nav).getByRole('link', { name: 'Transfer' })).toHaveAttribute('title', 'Transfer')
  })

  it('collapses the sidebar on desktop', async () => {
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState() })
    await user.click(await screen.findByRole('button', { name: 'Collapse navigation' }))
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument()
  })

  it('moves the navigation into a drawer on phones', async () => {
    setWindowWidth(390)
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState() })
    await screen.findByRole('heading', { name: 'Welcome Ada' })
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open navigation' }))
    const items = within(await screen.findByRole('navigation', { name: 'Main navigation' })).getAllByRole('link')
    expect(items).toHaveLength(10)
  })
})
