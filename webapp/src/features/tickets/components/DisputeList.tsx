/**
 * "Reported problems" on Customer Service (docs/contract.md §15.6–15.7), beside the tickets:
 * each dispute's reason, the payment it is about (one tap back to its details), its status,
 * the answer-by time with a countdown, and its conversation.
 */
import { useEffect, useState } from 'react'
import { Card, List, Typography } from 'antd'
import { Link } from 'react-router'
import { LoadState } from '../../../components/LoadState'
import type { Dispute } from '../../../components/disputes/api'
import { DisputeStatusTag } from '../../../components/disputes/DisputeStatusTag'
import { timeLeft } from '../../../components/disputes/countdown'
import { DISPUTES_FAILED } from '../../../components/disputes/texts'
import { loadOf } from '../../../api/koboApi'
import { useDisputesQuery } from '../reads'

const OPEN = new Set(['RECEIVED', 'IN_REVIEW'])

/** Re-renders every minute so the countdowns move. */
function useMinuteTick() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

function DisputeRow({ dispute, now }: { dispute: Dispute; now: number }) {
  const left = timeLeft(dispute.answerByUtc, now)
  const open = OPEN.has(dispute.status)
  return (
    <List.Item className="kobo-dispute-row" data-testid="dispute-row">
      <div className="kobo-dispute-row__main">
        <div className="kobo-dispute-row__head">
          <Typography.Text strong>{dispute.reasonLabel}</Typography.Text>
          <DisputeStatusTag status={dispute.status} label={dispute.statusLabel} />
        </div>
        <Link to={`/transaction-history?reference=${encodeURIComponent(dispute.paymentReference)}`} className="kobo-dispute-row__payment">
          {dispute.paymentSummary}
        </Link>
        <Typography.Text type="secondary" className="kobo-dispute-row__meta">
          {dispute.trackingNumber} · reported {dispute.createdAt.slice(0, 16)}
        </Typography.Text>
        {open ? (
          <Typography.Text type={left.late ? 'danger' : 'secondary'} data-testid="dispute-countdown">
            Answer by {dispute.answerBy.slice(0, 16)} WAT · {left.text}
          </Typography.Text>
        ) : (
          dispute.answer && <Typography.Text className="kobo-dispute-row__answer">{dispute.answer}</Typography.Text>
        )}
      </div>
      <Link to={`/customer-service/${dispute.ticketId}`} className="kobo-dispute-row__open">
        Conversation
      </Link>
    </List.Item>
  )
}

const NO_DISPUTES: Dispute[] = []

export function DisputeList() {
  const read = useDisputesQuery()
  const disputes = read.data ?? NO_DISPUTES
  const load = loadOf(read)
  const now = useMinuteTick()

  const retry = () => read.refetch()

  return (
    <Card variant="borderless" className="kobo-cs-card kobo-disputes-card" title="Reported problems" data-testid="disputes">
      <LoadState
        load={load}
        onRetry={retry}
        failedTitle={DISPUTES_FAILED}
        hasData={load.status === 'succeeded'}
        isEmpty={disputes.length === 0}
        empty={{ description: 'No reported problems. Use "Report a problem" on a transaction to tell us about one.' }}
        skeletonRows={2}
      >
        <List dataSource={disputes} renderItem={(d) => <DisputeRow key={d.trackingNumber} dispute={d} now={now} />} />
      </LoadState>
    </Card>
  )
}
