/**
 * Route /signup (docs/contract.md §4.1): stage 1 personal details on
 * the "New User" or "Bank Account Owner" tab, stage 2 the password; success
 * goes to /verify-email (stage 3). The tabs show only on stage 1.
 */
import { useEffect } from 'react'
import { Link } from 'react-router'
import { Tabs, Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useIsMobile'
import { selectRegistration, signupOpened, tabChanged } from './registrationSlice'
import { NewUserForm } from './components/NewUserForm'
import { AccountOwnerForm } from './components/AccountOwnerForm'
import { PasswordForm } from './components/PasswordForm'
import { SignupProgress } from './components/SignupProgress'
import { TAB_LABELS } from './texts'
import type { RegistrationType } from './types'
import '../../components/authForms/auth.css'
import '../../components/authForms/registration.css'

export function SignupPage() {
  const dispatch = useAppDispatch()
  const { stage, tab } = useAppSelector(selectRegistration)
  const isDesktop = useMediaQuery(DESKTOP_QUERY)

  useEffect(() => {
    dispatch(signupOpened())
  }, [dispatch])

  return (
    <div className="kobo-signup">
      {/* Large screens show the steps in the brand panel; smaller ones above the form. */}
      {!isDesktop && <SignupProgress step={stage} variant="compact" />}
      <Typography.Title level={1} className="kobo-auth-title">
        {stage === 1 ? 'Create Account' : 'Set Your Password'}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        {stage === 1
          ? tab === 'NEW'
            ? 'Tell us about yourself to open your Kobo account.'
            : 'Already bank with us? Link your account to internet banking.'
          : 'Choose the password you will use to sign in.'}
      </Typography.Paragraph>
      {stage === 1 ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => dispatch(tabChanged(key as RegistrationType))}
          items={[
            { key: 'NEW', label: TAB_LABELS.NEW, children: <NewUserForm /> },
            { key: 'ACCOUNT_OWNER', label: TAB_LABELS.ACCOUNT_OWNER, children: <AccountOwnerForm /> },
          ]}
          className="kobo-signup__tabs"
        />
      ) : (
        <PasswordForm />
      )}
      <Typography.Paragraph className="kobo-auth-footer">
        Already have an account? <Link to="/">Login</Link>
      </Typography.Paragraph>
    </div>
  )
}
