/**
 * Route /kyc-setting (docs/contract.md §13.1): 'Know Your Customer', a
 * progress rail of the three levels highlighting those up to currentLevel,
 * and the form of the next level (currentLevel 0 → level 1, 1 → level 2,
 * 2 or more → level 3) with its status badge. Beside them, the customer's
 * details as the bank holds them. The submission is the page's, so the server's field
 * errors outlast the form, which remounts when the level's status changes.
 */
import { useState } from 'react'
import { Card, Typography } from 'antd'
import { LoadState } from '../../components/LoadState'
import { formLevelOf, reviewOf, type Submission } from './levels'
import { kycApi, useKycBiodataQuery, useKycDocumentsQuery, useKycStatusQuery } from './reads'
import { loadOf } from '../../api/koboApi'
import { useWrite } from '../../api/useWrite'
import { fieldErrorsOf, type FieldError } from '../../api/fieldErrors'
import type { KycLevelRequest } from './types'
import { LevelRail } from './components/LevelRail'
import { BiodataCard } from './components/BiodataCard'
import { KycStatusBadge } from './components/KycStatusBadge'
import { IdentityLevelForm } from './components/IdentityLevelForm'
import { DocumentsLevelForm } from './components/DocumentsLevelForm'
import { KYC_HEADING, LEVELS, STATUS_FAILED } from './texts'
import './kyc.css'

export function KycPage() {
  const statusRead = useKycStatusQuery()
  const biodataRead = useKycBiodataQuery()
  // Asked for on arrival with the rest, so the level-3 form has its documents when it shows.
  useKycDocumentsQuery()
  const status = statusRead.data ?? null

  const currentLevel = status?.currentLevel ?? 0
  const formLevel = formLevelOf(currentLevel)
  const review = reviewOf(status, formLevel)
  const { title, step } = LEVELS[formLevel - 1]

  const [send, busy] = useWrite(kycApi.endpoints.submitKycLevel)
  // The server's field errors of the last submission.
  const [errors, setErrors] = useState<FieldError[]>([])
  const submit = async (body: KycLevelRequest) => {
    setErrors([])
    setErrors(fieldErrorsOf((await send({ level: formLevel, body })).error))
  }
  const submission: Submission = { submit, busy, errors }

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{KYC_HEADING}</Typography.Title>
        <Typography.Text type="secondary">
          Verify your identity in three levels. Each level you complete raises your transaction limits.
        </Typography.Text>
      </div>
      <div className="kobo-kyc">
        <Card variant="borderless" className="kobo-kyc__rail-card">
          <LevelRail currentLevel={currentLevel} formLevel={formLevel} />
        </Card>
        <Card
          variant="borderless"
          className="kobo-kyc__main"
          title={
            status ? (
              <div className="kobo-kyc__main-title">
                <span className="kobo-kyc__main-step">
                  Level {formLevel} · {step}
                </span>
                <h2>{title}</h2>
              </div>
            ) : null
          }
          extra={status ? <KycStatusBadge status={review.status} /> : null}
        >
          {/* Before, a failed status read left this skeleton here for good. */}
          <LoadState load={loadOf(statusRead)} onRetry={() => statusRead.refetch()} failedTitle={STATUS_FAILED} hasData={Boolean(status)} skeletonRows={6}>
            {() =>
              formLevel === 3 ? (
                <DocumentsLevelForm key={review.status ?? 'new'} status={review.status} comment={review.comment} {...submission} />
              ) : (
                <IdentityLevelForm
                  key={`${formLevel}-${review.status ?? 'new'}`}
                  level={formLevel}
                  status={review.status}
                  comment={review.comment}
                  {...submission}
                />
              )
            }
          </LoadState>
        </Card>
        <div className="kobo-kyc__biodata">
          <BiodataCard biodata={biodataRead.data ?? null} load={loadOf(biodataRead)} onRetry={() => biodataRead.refetch()} />
        </div>
      </div>
    </>
  )
}
