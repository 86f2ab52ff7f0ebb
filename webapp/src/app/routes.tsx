/**
 * The route table (spec part 1, section 2). Exported as data so the app's
 * browser router and the tests' memory routers are built from the same list.
 */
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { ErrorPage } from './pages/ErrorPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { NotAuthorizedPage } from './pages/NotAuthorizedPage'
import { AdminAuthPage } from './pages/AdminAuthPage'
import { ComingSoonPage } from './pages/ComingSoonPage'
import { AuthLayout } from './layouts/AuthLayout'
import { ShellLayout } from './layouts/ShellLayout'
import { OnboardingLayout } from './layouts/OnboardingLayout'
import { RequireSession } from './layouts/RequireSession'
import { NAV_LINKS } from './navLinks'
import { LoginPage } from '../features/auth/LoginPage'
import { HomePage } from '../features/dashboard/HomePage'
import { OnboardingPage } from '../features/onboarding/OnboardingPage'
import { SignupPage } from '../features/registration/SignupPage'
import { VerifyEmailPage } from '../features/registration/VerifyEmailPage'
import { ForgotPasswordPage } from '../features/passwordRecovery/ForgotPasswordPage'
import { ResetPasswordPage } from '../features/passwordRecovery/ResetPasswordPage'

/**
 * A page loaded on first visit. After a new release the old chunk names are
 * gone: the first failure reloads the page once to pick up the new ones.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return async () => {
    try {
      const Component = await load()
      sessionStorage.removeItem(CHUNK_RELOAD_KEY)
      return { Component }
    } catch (error) {
      if (!sessionStorage.getItem(CHUNK_RELOAD_KEY)) {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, '1')
        window.location.reload()
        return { Component: () => null }
      }
      throw error
    }
  }
}
const CHUNK_RELOAD_KEY = 'chunkReload'

/** Logged-in pages that are built, routed explicitly below (all nine of the menu now). */
const builtPages: ReadonlySet<string> = new Set([
  'home',
  'transfer',
  'transaction-history',
  'bill-payment',
  'kyc-setting',
  'scheduled-payment',
  'beneficiary',
  'settings',
  'customer-service',
])

/** Logged-in pages still to be built: each shows the "coming soon" card under its menu label. */
const comingSoonRoutes: RouteObject[] = NAV_LINKS.filter((link) => !builtPages.has(link.key)).map((link) => ({
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
          { path: 'signup', element: <SignupPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password/:code/:email', element: <ResetPasswordPage /> },
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
          // Loaded on first visit, so the sign-in bundle stays small.
          { path: 'transfer', lazy: lazyPage(async () => (await import('../features/transfers/TransferPage')).TransferPage) },
          { path: 'beneficiary', lazy: lazyPage(async () => (await import('../features/beneficiaries/BeneficiaryPage')).BeneficiaryPage) },
          { path: 'settings', lazy: lazyPage(async () => (await import('../features/settings/SettingsPage')).SettingsPage) },
          { path: 'kyc-setting', lazy: lazyPage(async () => (await import('../features/kyc/KycPage')).KycPage) },
          { path: 'scheduled-payment', lazy: lazyPage(async () => (await import('../features/scheduledPayments/ScheduledPaymentPage')).ScheduledPaymentPage) },
          { path: 'transaction-history', lazy: lazyPage(async () => (await import('../features/history/TransactionHistoryPage')).TransactionHistoryPage) },
          { path: 'bill-payment', lazy: lazyPage(async () => (await import('../features/bills/BillPaymentPage')).BillPaymentPage) },
          ...comingSoonRoutes,
          { path: 'customer-service', lazy: lazyPage(async () => (await import('../features/tickets/CustomerServicePage')).CustomerServicePage) },
          { path: 'customer-service/:ticketId', lazy: lazyPage(async () => (await import('../features/tickets/TicketPage')).TicketPage) },
        ],
      },
      { path: 'not-authorized', element: <NotAuthorizedPage /> },
      { path: 'admin/auth', element: <AdminAuthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
