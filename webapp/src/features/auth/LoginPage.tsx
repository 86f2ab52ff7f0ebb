/** Route `/`: the two-step login. A signed-in visitor goes straight to the app. */
import { Navigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { selectUserInfo } from '../../app/appSlice'
import { selectAuth } from './authSlice'
import { CredentialsForm } from './components/CredentialsForm'
import { VerificationForm } from './components/VerificationForm'
import './auth.css'

export function LoginPage() {
  const { step } = useAppSelector(selectAuth)
  const userInfo = useAppSelector(selectUserInfo)
  if (userInfo?.tokenDTO?.accessToken) {
    return <Navigate to={userInfo.onboardingComplete ? '/home' : '/onboarding'} replace />
  }
  return step === 'verification' ? <VerificationForm /> : <CredentialsForm />
}
