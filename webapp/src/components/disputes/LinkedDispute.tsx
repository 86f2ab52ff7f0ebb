/**
 * A payment's reported problem on its transaction details (docs/contract.md §15.7): status,
 * tracking number and answer-by time, with a link to the conversation; nothing when there is
 * none, and nothing in the way when the call fails (the details are what the customer came for).
 */
import { Typography } from 'antd'
import { Link } from 'react-router'
import { DisputeStatusTag } from './DisputeStatusTag'
import { timeLeft } from './countdown'
import { usePaymentDisputesQuery } from './reads'
import './disputes.css'

export function LinkedDispute({ paymentReference }: { paymentReference: string }) {
  const read = usePaymentDisputesQuery(paymentReference)
  // Only this payment's: while another payment's answer is on its way, the last one stays out.
  const dispute = read.data?.find((d) => d.paymentReference === paymentReference) ?? null
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
