/**
 * The onboarding step indicator (docs/contract.md §6.1): Basic Profile,
 * Document Upload, Selfie (§16.6), BVN Verification, NIN Verification, Status. SUBMITTED or
 * APPROVED show as done, DECLINED as declined, anything else numbered. The
 * panel on screen is marked as the current step; its steps are clickable.
 */
import { Steps, type StepsProps } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { useIsMobile } from '../../../lib/useIsMobile'
import { panelChanged, selectOnboarding } from '../onboardingSlice'
import { useOnboardingStatusQuery } from '../reads'
import { allSectionsApproved, sectionsOf, selfieStatusOf, stepDisplay, type StepDisplay } from '../sections'
import { STEP_TITLES } from '../texts'
import type { OnboardingPanel, SectionStatus } from '../types'

const STEP_PANELS: (OnboardingPanel | null)[] = ['basicProfile', 'documents', 'selfie', null, null, 'status']
const CURRENT_STEP: Record<OnboardingPanel, number> = { basicProfile: 0, documents: 1, selfie: 2, status: 5 }

const ANTD_STATUS: Record<StepDisplay, NonNullable<StepsProps['status']>> = {
  finish: 'finish',
  error: 'error',
  numbered: 'wait',
}

export function StepIndicator() {
  const dispatch = useAppDispatch()
  const { panel } = useAppSelector(selectOnboarding)
  const status = useOnboardingStatusQuery().data ?? null
  const isMobile = useIsMobile()
  const [basicProfile, documents, bvn, nin] = sectionsOf(status)
  const statuses: SectionStatus[] = [
    basicProfile.status,
    documents.status,
    selfieStatusOf(status),
    bvn.status,
    nin.status,
    allSectionsApproved(status) ? 'APPROVED' : null,
  ]
  const current = CURRENT_STEP[panel]

  const items: StepsProps['items'] = STEP_TITLES.map((title, index) => {
    const display = stepDisplay(statuses[index])
    const isCurrent = index === current
    return {
      title,
      // An unsubmitted current step is "in progress" rather than merely numbered.
      status: display === 'numbered' && isCurrent ? 'process' : ANTD_STATUS[display],
      disabled: STEP_PANELS[index] === null,
      className: `kobo-onboarding-step kobo-onboarding-step--${display}${isCurrent ? ' kobo-onboarding-step--current' : ''}`,
    }
  })

  return (
    <nav aria-label="Onboarding steps" className="kobo-onboarding-steps">
      <Steps
        current={current}
        items={items}
        size="small"
        responsive={false}
        titlePlacement={isMobile ? 'vertical' : 'horizontal'}
        onChange={(index) => {
          const target = STEP_PANELS[index]
          if (target) dispatch(panelChanged(target))
        }}
      />
    </nav>
  )
}
