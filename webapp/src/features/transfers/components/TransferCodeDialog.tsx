/**
 * One transfer's code step (docs/contract.md §8.4): what is being sent and to whom, then the
 * code or a passkey; a step-up's warning first when the risk check asked for one (§16.1).
 * Loaded when the first call has answered, off the form's first screen.
 */
import { CodeDialog } from '../../../components/code/CodeDialog'
import { formatNaira } from '../../../lib/format'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectTransfers, transferConfirmRequested, transferDialogClosed, transferPasskeyRequested } from '../transfersSlice'

/** `open`: the form's transfer waits for its code; `recipient`: the name the form resolved. */
export function TransferCodeDialog({ open, recipient }: { open: boolean; recipient?: string }) {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectTransfers)
  const pending = flow.pending
  return (
    <CodeDialog
      open={open}
      message={pending?.message}
      twoFactor={pending?.twoFactorAuthentication}
      loading={flow.step === 'confirming'}
      failures={flow.failures}
      onSubmit={(otp) => dispatch(transferConfirmRequested({ otp }))}
      onCancel={() => dispatch(transferDialogClosed())}
      submitText="Confirm Transfer"
      onPasskey={pending?.passkeyApproval ? () => dispatch(transferPasskeyRequested()) : undefined}
      warning={pending?.riskWarning}
    >
      {pending && (
        <div className="kobo-code-summary">
          <div className="kobo-code-summary__amount">{formatNaira(pending.transfer.amount)}</div>
          <div>
            to <strong>{pending.transfer.destinationAccountName || recipient}</strong>
          </div>
          <div className="kobo-code-summary__sub">
            {pending.transfer.destinationBankName} · {pending.transfer.destinationAccountNumber}
          </div>
        </div>
      )}
    </CodeDialog>
  )
}
