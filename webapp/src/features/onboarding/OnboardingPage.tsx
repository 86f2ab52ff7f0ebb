/** Onboarding body: a placeholder until the onboarding issue lands. */
import { Card, Result } from 'antd'
import { SolutionOutlined } from '@ant-design/icons'
import { COMING_SOON } from '../../app/pages/ComingSoonPage'

export function OnboardingPage() {
  return (
    <Card>
      <Result
        icon={<SolutionOutlined style={{ color: '#0B6E4F' }} />}
        title={COMING_SOON}
        subTitle="Soon you'll complete your basic profile, upload your documents and follow your review status here."
      />
    </Card>
  )
}
