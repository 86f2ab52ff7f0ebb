/**
 * The code step of a new or edited scheduled payment: the shared code dialog,
 * confirmed with PATCH …/approve {otp, referenceNumber} (docs/contract.md §10.3).
 */
import { useAppDispatch, useAppSelector } from '../hooks'
import { formatNaira } from '../../lib/format'
import { CodeDialog } from '../../components/code/CodeDialog'
import { approvalClosed, approvePasskeyRequested, approveRequested, selectSchedules } from './schedulesSlice'
import { cadenceOf } from './schedule'

export function ScheduleApprovalDialog() {
  const dispatch = useAppDispatch()
  const { approval } = useAppSelector(selectSchedules)
  const open = approval.step === 'code' || approval.step === 'confirming'
  const summary = approval.summary
  return (
    <CodeDialog
      open={open}
      twoFactor={approval.twoFactor}
      loading={approval.step === 'confirming'}
      failures={approval.failures}
      onSubmit={(otp) => dispatch(approveRequested({ otp }))}
      onCancel={() => dispatch(approvalClosed())}
      submitText="Approve"
      onPasskey={approval.passkeyApproval ? () => dispatch(approvePasskeyRequested()) : undefined}
      passkeyTitle={approval.count > 1 ? 'Approve these payments' : 'Approve this payment'}
      passkeyText={`Confirm with your fingerprint, face or screen lock. Your passkey approves only ${approval.count > 1 ? 'these payments' : 'this payment'}.`}
    >
      {summary && (
        <div className="kobo-code-summary" data-testid="schedule-approval-summary">
          <div className="kobo-code-summary__amount">
            {approval.count > 1 ? `${approval.count} payments` : formatNaira(summary.amount)}
          </div>
          {approval.count > 1 ? (
            <div>scheduled together</div>
          ) : (
            <div>
              to <strong>{summary.destinationAccountName}</strong>
            </div>
          )}
          <div className="kobo-code-summary__sub">
            From {summary.scheduleDate} · {cadenceOf(summary)}
          </div>
          <div className="kobo-code-summary__sub">Reference {summary.referenceNumber}</div>
        </div>
      )}
    </CodeDialog>
  )
}
