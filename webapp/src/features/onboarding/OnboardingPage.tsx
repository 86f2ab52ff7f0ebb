/**
 * Route /onboarding, inside the onboarding layout (title and subtitle come
 * from the layout): the step indicator and one of the three panels. Entry
 * reads the stage status and opens on Status when every section has one.
 */
import { useEffect } from 'react'
import { Card, Skeleton } from 'antd'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { onboardingOpened, selectOnboarding } from './onboardingSlice'
import { StepIndicator } from './components/StepIndicator'
import { BasicProfilePanel } from './components/BasicProfilePanel'
import { DocumentUploadPanel } from './components/DocumentUploadPanel'
import { StatusPanel } from './components/StatusPanel'
import './onboarding.css'

export function OnboardingPage() {
  const dispatch = useAppDispatch()
  const { ready, panel } = useAppSelector(selectOnboarding)

  useEffect(() => {
    dispatch(onboardingOpened())
  }, [dispatch])

  return (
    <div className="kobo-onboarding">
      <Card className="kobo-onboarding-card kobo-onboarding-steps-card">
        <StepIndicator />
      </Card>
      {!ready ? (
        <Card className="kobo-onboarding-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : panel === 'basicProfile' ? (
        <BasicProfilePanel />
      ) : panel === 'documents' ? (
        <DocumentUploadPanel />
      ) : (
        <StatusPanel />
      )}
    </div>
  )
}
