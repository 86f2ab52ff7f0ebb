/** The "Report a problem" entry on transaction details, the receipt and a failed transfer's result. */
import { lazy, Suspense, useState } from 'react'
import { Button } from 'antd'
import { ExclamationCircleOutlined } from '@ant-design/icons'
import type { DisputeCreated } from './api'
import { REPORT_PROBLEM, type ReasonCode } from './texts'

// The form is a second step: its code loads when the customer asks for it.
const ReportProblemModal = lazy(async () => ({ default: (await import('./ReportProblemModal')).ReportProblemModal }))

interface Props {
  paymentReference: string | null | undefined
  paymentSummary?: string
  initialReason?: ReasonCode
  block?: boolean
  onReported?: (created: DisputeCreated) => void
}

export function ReportProblemButton({ paymentReference, paymentSummary, initialReason, block, onReported }: Props) {
  const [open, setOpen] = useState(false)
  if (!paymentReference) return null
  return (
    <>
      <Button icon={<ExclamationCircleOutlined aria-hidden />} onClick={() => setOpen(true)} block={block} data-testid="report-problem">
        {REPORT_PROBLEM}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportProblemModal
            open
            paymentReference={paymentReference}
            paymentSummary={paymentSummary}
            initialReason={initialReason}
            onClose={() => setOpen(false)}
            onReported={onReported}
          />
        </Suspense>
      )}
    </>
  )
}
