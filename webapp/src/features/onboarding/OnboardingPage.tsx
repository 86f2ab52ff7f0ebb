/**
 * Route /onboarding, inside the onboarding layout (title and subtitle come
 * from the layout): the step indicator and one of the three panels. Entry
 * reads the stage status (reads.ts) and opens on Status when every section has one (on the
 * selfie while it can still be taken).
 */
import { lazy, Suspense, useEffect } from 'react'
import { Card, Skeleton } from 'antd'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { onboardingOpened, onboardingReady, selectOnboarding } from './onboardingSlice'
import { useOnboardingReads } from './reads'
import { firstPanelOf } from './sections'
import { StepIndicator } from './components/StepIndicator'
import { BasicProfilePanel } from './components/BasicProfilePanel'
import { DocumentUploadPanel } from './components/DocumentUploadPanel'
import { StatusPanel } from './components/StatusPanel'
import './onboarding.css'

// The selfie step brings the camera: loaded when it is opened.
const SelfiePanel = lazy(async () => ({ default: (await import('./components/SelfiePanel')).SelfiePanel }))

export function OnboardingPage() {
  const dispatch = useAppDispatch()
  const { ready, panel } = useAppSelector(selectOnboarding)
  // Entry asks for all four; the panels show them, and a write's invalidation refreshes them.
  const status = useOnboardingReads()
  const statusSettled = !status.isFetching && (status.isSuccess || status.isError)
  const statusData = status.data ?? null

  useEffect(() => {
    dispatch(onboardingOpened())
  }, [dispatch])

  // Once the status has answered (or failed), the first panel is picked, once per visit.
  useEffect(() => {
    if (!ready && statusSettled) dispatch(onboardingReady(statusData ? firstPanelOf(statusData) : 'basicProfile'))
  }, [dispatch, ready, statusSettled, statusData])

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
      ) : panel === 'selfie' ? (
        <Suspense fallback={<Card className="kobo-onboarding-card"><Skeleton active paragraph={{ rows: 6 }} /></Card>}>
          <SelfiePanel />
        </Suspense>
      ) : (
        <StatusPanel />
      )}
    </div>
  )
}
