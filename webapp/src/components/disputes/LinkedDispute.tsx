/**
 * A payment's reported problem on its transaction details (docs/contract.md §15.7): status,
 * tracking number and answer-by time, with a link to the conversation; nothing when there is
 * none, and nothing in the way when the call fails (the details are what the customer came for).
 */
import { useEffect, useState } from 'react'
import { Typography } from 'antd'
import { Link } from 'react-router'
import { disputesEndpoint, type Dispute } from './api'
import { DisputeStatusTag } from './DisputeStatusTag'
import { timeLeft } from './countdown'
import { useSessionCall } from './useSessionCall'
import './disputes.css'

export function LinkedDispute({ paymentReference, refreshKey = 0 }: { paymentReference: string; refreshKey?: number }) {
  const run = useSessionCall()
  const [dispute, setDispute] = useState<Dispute | null>(null)

  useEffect(() => {
    let live = true
    void run(disputesEndpoint(paymentReference)).then((result) => {
      if (live) setDispute(result.data?.[0] ?? null)
    })
    return () => {
      live = false
    }
  }, [run, paymentReference, refreshKey])

  if (!dispute) return null
  const open = dispute.status === 'RECEIVED' || dispute.status === 'IN_REVIEW'
  return (
    <div className="kobo-linked-dispute" data-testid="linked-dispute">
      <div className="kobo-linked-dispute__head">
        <Typography.Text strong>Reported problem</Typography.Text>
        <DisputeStatusTag status={dispute.status} label={dispute.statusLabel} />
      </div>
      <Typography.Text type="secondary">
        {dispute.reasonLabel} · {dispute.trackingNumber}
      </Typography.Text>
      {open && (
        <Typography.Text type="secondary">
          Answer by {dispute.answerBy.slice(0, 16)} WAT · {timeLeft(dispute.answerByUtc).text}
        </Typography.Text>
      )}
      {dispute.answer && <Typography.Text>{dispute.answer}</Typography.Text>}
      {dispute.refundReference && <Typography.Text type="secondary">Refund reference {dispute.refundReference}</Typography.Text>}
      <Link to={`/customer-service/${dispute.ticketId}`}>Open the conversation</Link>
    </div>
  )
}
