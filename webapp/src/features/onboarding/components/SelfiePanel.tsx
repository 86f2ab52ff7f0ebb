/**
 * Onboarding's Selfie step (docs/contract.md §16.6), after Document Upload: the selfie is
 * matched to the BVN photo (components/liveness/SelfieStep.tsx); onboarding is complete only
 * once it has passed. Each try's answer refreshes the status (the step indicator shows it).
 */
import { Button, Card, Typography } from 'antd'
import { koboApi } from '../../../api/koboApi'
import { useAppDispatch } from '../../../store/hooks'
import { SelfieStep } from '../../../components/liveness/SelfieStep'
import { ONBOARDING_LIVENESS } from '../../../components/liveness/api'
import { panelChanged } from '../onboardingSlice'
import { SELFIE_INTRO, SELFIE_TITLE } from '../texts'

export function SelfiePanel() {
  const dispatch = useAppDispatch()
  return (
    <Card title={SELFIE_TITLE} className="kobo-onboarding-card">
      <Typography.Paragraph type="secondary">{SELFIE_INTRO}</Typography.Paragraph>
      <SelfieStep path={ONBOARDING_LIVENESS} onChecked={() => dispatch(koboApi.util.invalidateTags(['OnboardingStatus']))} />
      <div className="kobo-onboarding-actions kobo-onboarding-actions--split">
        <Button size="large" onClick={() => dispatch(panelChanged('documents'))}>
          Previous
        </Button>
        <Button type="primary" size="large" onClick={() => dispatch(panelChanged('status'))}>
          Continue
        </Button>
      </div>
    </Card>
  )
}
