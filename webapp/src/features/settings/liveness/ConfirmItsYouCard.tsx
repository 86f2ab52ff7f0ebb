/**
 * Settings › Security › Confirm it's you (docs/contract.md §16.6): a profile that came back
 * (unfrozen by the customer, or unused for months) sends no money until a selfie matched to
 * the BVN photo passes. Shown while `GET /api/ibanking/personal/liveness` says one is owed
 * (REQUIRED, FAILED) or with a person (REFERRED), and through to its outcome once shown. The
 * camera step loads when the customer starts it. A failed read says so, with Retry: it cannot
 * tell whether a selfie is owed.
 */
import { lazy, Suspense, useState } from 'react'
import { Button, Skeleton, Tag, Typography } from 'antd'
import { CameraOutlined, SmileOutlined } from '@ant-design/icons'
import { loadOf } from '../../../api/koboApi'
import { useRead } from '../../../api/useRead'
import { LoadFailed } from '../../../components/LoadState'
import { RETURNING_LIVENESS } from '../../../components/liveness/api'
import { livenessApi, selfieDue } from '../../../components/liveness/reads'
import { SecurityCard } from '../components/SecurityCard'
import { CONFIRM_ITS_YOU, LIVENESS_FAILED, TAKE_SELFIE, triesLeft } from '../../../components/liveness/texts'

const SelfieStep = lazy(async () => ({ default: (await import('../../../components/liveness/SelfieStep')).SelfieStep }))

export function ConfirmItsYouCard() {
  const read = useRead(livenessApi.endpoints.liveness, RETURNING_LIVENESS)
  const load = loadOf(read)
  const state = read.data
  const owed = selfieDue(state) || state?.status === 'REFERRED'
  // Once shown, the card stays for this visit: its outcome (PASSED) is worth seeing.
  const [shown, setShown] = useState(false)
  if (owed && !shown) setShown(true)
  const [started, setStarted] = useState(false)

  if (!state) {
    return load.status === 'failed' ? <LoadFailed title={LIVENESS_FAILED} reason={load.error} onRetry={() => read.refetch()} /> : null
  }
  if (!owed && !shown) return null
  return (
    <SecurityCard icon={<SmileOutlined aria-hidden />} title={CONFIRM_ITS_YOU} testId="liveness-card" className="kobo-confirm-card">
      {started || !selfieDue(state) ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <SelfieStep path={RETURNING_LIVENESS} />
        </Suspense>
      ) : (
        <div className="kobo-confirm-card__start">
          <Typography.Paragraph>{state.message}</Typography.Paragraph>
          {state.status === 'FAILED' && <Tag color="warning">{triesLeft(state.attemptsLeft)}</Tag>}
          <Button type="primary" icon={<CameraOutlined />} onClick={() => setStarted(true)}>
            {TAKE_SELFIE}
          </Button>
        </div>
      )}
    </SecurityCard>
  )
}
