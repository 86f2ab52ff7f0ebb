/**
 * The route table (docs/contract.md §2.1). Exported as data so the app's
 * browser router and the tests' memory routers are built from the same list.
 */
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { AuthLayout } from './layouts/AuthLayout'
import { RequireSession } from './layouts/RequireSession'
import { NAV_LINKS } from '../store/navLinks'
import { LoginPage } from '../features/auth/LoginPage'
import { loadFeatureState, loadSignedInFeatures } from './store'
import type { FeatureName } from './featureStates'
import { loadChunk } from './loadChunk'
import { reloadScheduled } from './chunkReload'
import { ReloadingPage } from './ReloadingPage'
import { RouteError } from './RouteError'
import { BootFallback } from './BootFallback'
import { PaintedViewHandover } from './PaintedViewHandover'
import { loadAntdRestStyles } from '../lib/antdStyles'
import { pageCodeGate } from './pageCodeGate'
import { yieldToMain } from '../lib/yieldToMain'

/*
 * Only the login route (AuthLayout + LoginPage) is in the start-up bundle, so
 * the sign-in page loads fast (issue 11: at most 150 KB of gzipped JavaScript,
 * checked by scripts/bundle-budget.mjs). Every other page, the signed-in shell
 * and its menu are loaded on first visit.
 */

interface LazyOptions {
  /**
   * The page (or layout) uses only the first-screen part of antd's styles
   * (app/antdFirstScreen.ts), so it renders without waiting for the rest
   * (issue 23); every other page waits for all of antd's styles.
   */
  firstScreenStyles?: boolean
  /** The route's own slices and sagas (featureStates.ts), beside the signed-in core. */
  state?: FeatureName
}

/**
 * A route's `lazy`: the page component, loaded on first visit together with
 * the signed-in core, the route's own reducers and sagas (store.ts) and the
 * styles it needs.
 */
function lazyPage(load: () => Promise<ComponentType>, { firstScreenStyles = false, state }: LazyOptions = {}) {
  return async () => {
    // A first view may be painting (src/firstPaint.ts); the page's code waits for it.
    await pageCodeGate()
    const [Component] = await Promise.all([
      loadChunk(load),
      state ? loadFeatureState(state) : loadSignedInFeatures(),
      firstScreenStyles ? null : loadChunk(loadAntdRestStyles),
    ])
    // Some of its code vanished after a deploy: the page reloads for the new names (issue 43).
    if (reloadScheduled() || !Component) return { Component: ReloadingPage }
    // The modules' evaluation in one task, the page's first render in the next (issue 23).
    await yieldToMain()
    return { Component }
  }
}

/**
 * The same for a page or layout that draws antd's components: it brings the antd theme and
 * locale (AntdProviders) with it. No layout does it for its pages (the shell uses no antd).
 */
function lazyAntdPage(load: () => Promise<ComponentType>, options: LazyOptions = {}) {
  return lazyPage(async () => {
    const [Page, { AntdProviders }] = await Promise.all([load(), import('../components/AntdProviders')])
    return function WithAntd() {
      return (
        <AntdProviders>
          <Page />
        </AntdProviders>
      )
    }
  }, options)
}

/** Logged-in pages that are built, routed explicitly below (all nine of the menu now). */
const builtPages: ReadonlySet<string> = new Set([
  'home',
  'transfer',
  'transaction-history',
  'bill-payment',
  'savings',
  'kyc-setting',
  'scheduled-payment',
  'beneficiary',
  'settings',
  'customer-service',
])

/** Logged-in pages still to be built: each shows the "coming soon" card under its menu label. */
const comingSoonRoutes: RouteObject[] = NAV_LINKS.filter((link) => !builtPages.has(link.key)).map((link) => ({
  path: link.path.slice(1),
  lazy: lazyAntdPage(async () => {
    const { ComingSoonPage } = await import('./pages/ComingSoonPage')
    return function ComingSoon() {
      return <ComingSoonPage title={link.label} />
    }
  }),
}))

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    // Shown while the first page's lazy code loads (a page opened by address or reloaded).
    hydrateFallbackElement: <BootFallback />,
    // Whatever page comes first takes the place of the first view index.html's script painted.
    element: <PaintedViewHandover />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'signup', lazy: lazyAntdPage(async () => (await import('../features/registration/SignupPage')).SignupPage, { state: 'registration' }) },
          { path: 'verify-email', lazy: lazyAntdPage(async () => (await import('../features/registration/VerifyEmailPage')).VerifyEmailPage, { state: 'registration' }) },
          { path: 'forgot-password', lazy: lazyAntdPage(async () => (await import('../features/passwordRecovery/ForgotPasswordPage')).ForgotPasswordPage, { state: 'passwordRecovery' }) },
          { path: 'reset-password/:code/:email', lazy: lazyAntdPage(async () => (await import('../features/passwordRecovery/ResetPasswordPage')).ResetPasswordPage, { state: 'passwordRecovery' }) },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: lazyAntdPage(async () => (await import('./layouts/OnboardingLayout')).OnboardingLayout),
            children: [{ path: 'onboarding', lazy: lazyPage(async () => (await import('../features/onboarding/OnboardingPage')).OnboardingPage, { state: 'onboarding' }) }],
          },
          {
            // The shell, /home and /transfer's first screen draw antd's markup without antd
            // (components/plain/): no antd providers around them, so antd's runtime is not part of
            // their first screen (issue 57). /transfer brings them with its form (AntdLater);
            // every other page brings its own.
            lazy: lazyPage(async () => (await import('./layouts/ShellLayout')).ShellLayout, { firstScreenStyles: true }),
            children: [
              { path: 'home', lazy: lazyPage(async () => (await import('../features/dashboard/HomePage')).HomePage, { firstScreenStyles: true }) },
              { path: 'transfer', lazy: lazyPage(async () => (await import('../features/transfers/TransferPage')).TransferPage, { firstScreenStyles: true, state: 'transfers' }) },
              { path: 'beneficiary', lazy: lazyAntdPage(async () => (await import('../features/beneficiaries/BeneficiaryPage')).BeneficiaryPage, { state: 'beneficiaries' }) },
              { path: 'settings', lazy: lazyAntdPage(async () => (await import('../features/settings/SettingsPage')).SettingsPage, { state: 'settings' }) },
              { path: 'kyc-setting', lazy: lazyAntdPage(async () => (await import('../features/kyc/KycPage')).KycPage) },
              { path: 'scheduled-payment', lazy: lazyAntdPage(async () => (await import('../features/schedules/SchedulesPage')).SchedulesPage, { state: 'schedules' }) },
              { path: 'transaction-history', lazy: lazyAntdPage(async () => (await import('../features/history/TransactionHistoryPage')).TransactionHistoryPage, { state: 'history' }) },
              { path: 'bill-payment', lazy: lazyAntdPage(async () => (await import('../features/bills/BillPaymentPage')).BillPaymentPage, { state: 'bills' }) },
              { path: 'savings', lazy: lazyAntdPage(async () => (await import('../features/savings/SavingsPage')).SavingsPage) },
              ...comingSoonRoutes,
              { path: 'customer-service', lazy: lazyAntdPage(async () => (await import('../features/tickets/CustomerServicePage')).CustomerServicePage, { state: 'tickets' }) },
              { path: 'customer-service/:ticketId', lazy: lazyAntdPage(async () => (await import('../features/tickets/TicketPage')).TicketPage, { state: 'tickets' }) },
            ],
          },
        ],
      },
      { path: 'not-authorized', lazy: lazyAntdPage(async () => (await import('./pages/NotAuthorizedPage')).NotAuthorizedPage) },
      { path: 'admin/auth', lazy: lazyAntdPage(async () => (await import('./pages/AdminAuthPage')).AdminAuthPage) },
      { path: '*', lazy: lazyAntdPage(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
]
