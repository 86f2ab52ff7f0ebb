/** Route `/`: the two-step login. A signed-in visitor goes straight to the app. */
import { Navigate } from 'react-router'
import { useAppSelector } from '../../store/hooks'
import { selectUserInfo } from '../../store/appSlice'
import { selectAuth } from './authSlice'
import { CredentialsForm } from './components/CredentialsForm'
import { VerificationForm } from './components/VerificationForm'
import '../../components/authForms/auth.css'

export function LoginPage() {
  const { step } = useAppSelector(selectAuth)
  const userInfo = useAppSelector(selectUserInfo)
  if (userInfo?.tokenDTO?.accessToken) {
    return <Navigate to={userInfo.onboardingComplete ? '/home' : '/onboarding'} replace />
  }
  return step === 'verification' ? <VerificationForm /> : <CredentialsForm />
}
