/**
 * The route table (spec part 1, section 2). Exported as data so the app's
 * browser router and the tests' memory routers are built from the same list.
 */
import type { RouteObject } from 'react-router'
import { ErrorPage } from './pages/ErrorPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { NotAuthorizedPage } from './pages/NotAuthorizedPage'
import { AdminAuthPage } from './pages/AdminAuthPage'
import { ComingSoonPage } from './pages/ComingSoonPage'
import { PublicPlaceholderPage } from './pages/PublicPlaceholderPage'
import { AuthLayout } from './layouts/AuthLayout'
import { ShellLayout } from './layouts/ShellLayout'
import { OnboardingLayout } from './layouts/OnboardingLayout'
import { RequireSession } from './layouts/RequireSession'
import { NAV_LINKS } from './navLinks'
import { LoginPage } from '../features/auth/LoginPage'
import { HomePage } from '../features/dashboard/HomePage'
import { OnboardingPage } from '../features/onboarding/OnboardingPage'

/** Logged-in pages still to be built: each shows the "coming soon" card under its menu label. */
const comingSoonRoutes: RouteObject[] = NAV_LINKS.filter((link) => link.key !== 'home').map((link) => ({
  path: link.path.slice(1),
  element: <ComingSoonPage title={link.label} />,
}))

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <ErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'signup', element: <PublicPlaceholderPage title="Create Account" /> },
          { path: 'verify-email', element: <PublicPlaceholderPage title="Verify Email" /> },
          { path: 'forgot-password', element: <PublicPlaceholderPage title="Forgot Password" /> },
          { path: 'reset-password/:code/:email', element: <PublicPlaceholderPage title="Reset Password" /> },
        ],
      },
      {
        element: (
          <RequireSession>
            <OnboardingLayout />
          </RequireSession>
        ),
        children: [{ path: 'onboarding', element: <OnboardingPage /> }],
      },
      {
        element: (
          <RequireSession>
            <ShellLayout />
          </RequireSession>
        ),
        children: [
          { path: 'home', element: <HomePage /> },
          ...comingSoonRoutes,
          { path: 'customer-service/:ticketId', element: <ComingSoonPage title="Customer Service" /> },
        ],
      },
      { path: 'not-authorized', element: <NotAuthorizedPage /> },
      { path: 'admin/auth', element: <AdminAuthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
