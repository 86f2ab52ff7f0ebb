/**
 * Status panel: one card per review section (docs/contract.md §6.4).
 * SUBMITTED: under review, "Kindly be patient". DECLINED: the reason and
 * Rectify (BVN and NIN to Basic Profile, otherwise the section's panel); a
 * declined document names the document. APPROVED: a "was approved" card,
 * hidden once everything is complete, when the completion message shows. The selfie
 * (§16.6) has a card of its own, with the way to its step while it can still be taken.
 */
import { useEffect, type ReactNode } from 'react'
import { Button, Card, Result, Spin, Typography } from 'antd'
import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  ReloadOutlined,
} from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { logoutRequested } from '../../../store/appSlice'
import { loadOf } from '../../../api/koboApi'
import { LoadFailed } from '../../../components/LoadState'
import { panelChanged, selectOnboarding } from '../onboardingSlice'
import { useOnboardingDocumentsQuery, useOnboardingStatusQuery } from '../reads'
import { allSectionsApproved, rectifyPanel, sectionsOf, selfieStatusOf } from '../sections'
import { KINDLY_BE_PATIENT, ONBOARDING_COMPLETE, SECTION_LABELS, STATUS_FAILED } from '../texts'
import type { OnboardingPanel, Section } from '../types'

type Tone = 'submitted' | 'declined' | 'approved' | 'pending'

const ICONS: Record<Tone, ReactNode> = {
  submitted: <ClockCircleFilled />,
  declined: <CloseCircleFilled />,
  approved: <CheckCircleFilled />,
  pending: <MinusCircleFilled />,
}

const PANEL_NAMES: Record<OnboardingPanel, string> = {
  basicProfile: 'Basic Profile',
  documents: 'Document Upload',
  selfie: 'Selfie',
  status: 'Status',
}

interface StatusCardProps {
  tone: Tone
  title: string
  children: ReactNode
  action?: ReactNode
  testId: string
}

function StatusCard({ tone, title, children, action, testId }: StatusCardProps) {
  return (
    <div className={`kobo-status-card kobo-status-card--${tone}`} data-testid={testId} role="group" aria-label={title}>
      <span className="kobo-status-card__icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div className="kobo-status-card__body">
        <Typography.Text strong className="kobo-status-card__title">
          {title}
        </Typography.Text>
        <div className="kobo-status-card__text">{children}</div>
        {action && <div className="kobo-status-card__action">{action}</div>}
      </div>
    </div>
  )
}

export function StatusPanel() {
  const dispatch = useAppDispatch()
  const { statusVisits } = useAppSelector(selectOnboarding)
  const statusRead = useOnboardingStatusQuery()
  const documentsRead = useOnboardingDocumentsQuery()
  const status = statusRead.data ?? null
  const statusLoading = statusRead.isFetching
  const statusLoad = loadOf(statusRead)
  const documents = documentsRead.data ?? []
  const { refetch: refetchStatus } = statusRead
  const { refetch: refetchDocuments } = documentsRead

  // Going to (or refreshing) Status reads the latest status and documents (their reviews); the
  // page opened on Status has just read them.
  useEffect(() => {
    if (statusVisits === 0) return
    refetchStatus()
    refetchDocuments()
  }, [statusVisits, refetchStatus, refetchDocuments])
  const complete = allSectionsApproved(status)
  const go = (panel: OnboardingPanel) => dispatch(panelChanged(panel))
  const rectify = (section: Section) => (
    <Button type="primary" danger onClick={() => go(rectifyPanel(section.key))}>
      Rectify
    </Button>
  )

  const cards: ReactNode[] = []
  for (const section of sectionsOf(status)) {
    const label = SECTION_LABELS[section.key]
    const key = section.key
    if (section.status === 'SUBMITTED') {
      cards.push(
        <StatusCard key={key} tone="submitted" title={`${label} submitted`} testId={`status-${key}`}>
          Your {label} has been submitted and is under review. {KINDLY_BE_PATIENT}.
        </StatusCard>,
      )
    } else if (section.status === 'DECLINED' && key === 'DOCUMENT_VERIFICATION') {
      const declined = documents.filter((d) => d.status === 'DECLINED')
      if (!declined.length) {
        cards.push(
          <StatusCard key={key} tone="declined" title={`${label} declined`} testId={`status-${key}`} action={rectify(section)}>
            <p>Your {label} was declined.</p>
            {section.comment && <p className="kobo-status-card__reason">Reason: {section.comment}</p>}
          </StatusCard>,
        )
      }
      for (const document of declined) {
        cards.push(
          <StatusCard
            key={`${key}-${document.documentTypeId}`}
            tone="declined"
            title={`${document.documentName} declined`}
            testId={`status-document-${document.documentTypeId}`}
            action={rectify(section)}
          >
            <p>Your {document.documentName} document has been declined.</p>
            {document.verificationComment && (
              <p className="kobo-status-card__reason">Reason: {document.verificationComment}</p>
            )}
          </StatusCard>,
        )
      }
    } else if (section.status === 'DECLINED') {
      cards.push(
        <StatusCard key={key} tone="declined" title={`${label} declined`} testId={`status-${key}`} action={rectify(section)}>
          <p>Your {label} was declined.</p>
          {section.comment && <p className="kobo-status-card__reason">Reason: {section.comment}</p>}
        </StatusCard>,
      )
    } else if (section.status === 'APPROVED') {
      if (!complete) {
        cards.push(
          <StatusCard key={key} tone="approved" title={`${label} approved`} testId={`status-${key}`}>
            Your {label} was approved.
          </StatusCard>,
        )
      }
    } else {
      const panel = rectifyPanel(key)
      cards.push(
        <StatusCard
          key={key}
          tone="pending"
          title={`${label} not submitted`}
          testId={`status-${key}`}
          action={<Button onClick={() => go(panel)}>Go to {PANEL_NAMES[panel]}</Button>}
        >
          {key === 'BVN_VERIFICATION' || key === 'NIN_VERIFICATION'
            ? `Your ${label} starts when you save your Basic Profile.`
            : `You have not submitted your ${label} yet.`}
        </StatusCard>,
      )
    }
  }

  const selfie = selfieStatusOf(status)
  const toSelfie = <Button onClick={() => go('selfie')}>Go to {PANEL_NAMES.selfie}</Button>
  if (status && selfie === 'APPROVED' && !complete) {
    cards.push(
      <StatusCard key="selfie" tone="approved" title="Selfie approved" testId="status-SELFIE">
        Your selfie matches your BVN photo.
      </StatusCard>,
    )
  } else if (selfie === 'SUBMITTED') {
    cards.push(
      <StatusCard key="selfie" tone="submitted" title="Selfie with our team" testId="status-SELFIE">
        A member of our team will compare your selfie with your BVN photo. {KINDLY_BE_PATIENT}.
      </StatusCard>,
    )
  } else if (selfie === 'DECLINED') {
    cards.push(
      <StatusCard key="selfie" tone="declined" title="Selfie not matched" testId="status-SELFIE" action={toSelfie}>
        We could not match your selfie to your BVN photo. Take it again.
      </StatusCard>,
    )
  } else if (status && selfie === null) {
    cards.push(
      <StatusCard key="selfie" tone="pending" title="Selfie not taken" testId="status-SELFIE" action={toSelfie}>
        You have not taken your selfie yet.
      </StatusCard>,
    )
  }

  return (
    <Card
      title="Status"
      className="kobo-onboarding-card"
      extra={
        !complete && (
          <Button icon={<ReloadOutlined />} onClick={() => go('status')} loading={statusLoading}>
            Refresh
          </Button>
        )
      }
    >
      {!status && statusLoading ? (
        <div className="kobo-status-loading">
          <Spin />
        </div>
      ) : !status && statusLoad.status === 'failed' ? (
        <LoadFailed title={STATUS_FAILED} reason={statusLoad.error} onRetry={() => go('status')} />
      ) : complete ? (
        <Result
          status="success"
          title={ONBOARDING_COMPLETE}
          className="kobo-status-complete"
          extra={
            <Button type="primary" size="large" onClick={() => dispatch(logoutRequested({ reason: 'user' }))}>
              Log in again
            </Button>
          }
        />
      ) : (
        <div className="kobo-status-cards">{cards}</div>
      )}
    </Card>
  )
}
