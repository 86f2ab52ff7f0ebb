/**
 * Public pages (login, signup, password recovery): a brand panel on the left
 * on large screens, the form on the right; phones get the form only.
 */
import { Outlet, useLocation } from 'react-router'
// One module per icon: the login route loads no icon it does not show.
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined'
import LockOutlined from '@ant-design/icons/LockOutlined'
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined'
import { Logo } from '../../components/Logo'
import { useAppSelector } from '../../store/hooks'
import { SignupBrand } from '../../features/registration/components/SignupProgress'
import './layouts.css'

export function AuthLayout() {
  // On /signup (stages 1 and 2) and /verify-email (stage 3) the panel shows the signup steps.
  const { pathname } = useLocation()
  const signupStage = useAppSelector((state) => state.registration.stage)
  const signupStep = pathname === '/signup' ? signupStage : pathname === '/verify-email' ? 3 : null
  return (
    <div className="kobo-auth">
      <aside className="kobo-auth__brand" aria-label="About Kobo">
        <Logo light size={40} />
        {signupStep ? (
          <SignupBrand step={signupStep} />
        ) : (
          <div>
            <h2>Banking that keeps up with you.</h2>
            <p>Send money, pay bills and keep an eye on every naira, from anywhere in Nigeria, any time of day.</p>
            <ul className="kobo-auth__features">
              <li>
                <LockOutlined /> Every sign-in confirmed with a one-time code
              </li>
              <li>
                <ThunderboltOutlined /> Instant transfers to any Nigerian bank
              </li>
              <li>
                <ClockCircleOutlined /> Schedule payments and never miss a bill
              </li>
            </ul>
          </div>
        )}
        <div className="kobo-auth__footnote">© {new Date().getFullYear()} Kobo Internet Banking</div>
      </aside>
      <main className="kobo-auth__main">
        <div className="kobo-auth__panel">
          <div className="kobo-auth__mobile-logo">
            <Logo size={36} />
          </div>
          <Outlet />
        </div>
      </main>
    </div>
  )
}
