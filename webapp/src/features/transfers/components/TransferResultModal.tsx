/**
 * What happened after the code, as a receipt: Transferred Successfully,
 * Pending (with status checks running, then its final outcome) or the
 * refusal in the server's words; with the amount, recipient, bank, masked
 * account, reference, status and date, and the receipt actions. A payment the risk
 * check held for review (docs/contract.md §16.1) has a result of its own: the server's
 * message, calm, with the amount and payee; the checks go on, so a release shows.
 */
import { ReceiptView } from '../../../components/receipt/ReceiptView'
import { CheckingNote, ResultModal } from '../../../components/receipt/ResultModal'
import { receiptStatusOf, resultTitleOf } from '../../../components/receipt/receiptModel'
import { ReportProblemButton } from '../../../components/disputes/ReportProblemButton'
import { formatNaira } from '../../../lib/format'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectTransfers, transferDialogClosed } from '../transfersSlice'
import type { Transfer } from '../../../api/transferTypes'
import { FAILED_TITLE, HELD_TITLE, PENDING_TITLE, STILL_PENDING, TRANSFERRED_SUCCESSFULLY } from '../texts'

const TITLES = { succeeded: TRANSFERRED_SUCCESSFULLY, failed: FAILED_TITLE, pending: PENDING_TITLE }

export function TransferResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectTransfers)
  const transfer: Transfer | null = flow.result ?? flow.pending?.transfer ?? null
  const held = flow.step === 'pending' && Boolean(transfer?.heldForReview)
  const subTitle =
    flow.step === 'failed'
      ? flow.error
      : flow.step === 'pending'
        ? flow.stillPending && !held
          ? STILL_PENDING
          : flow.result?.message || STILL_PENDING
        : undefined

  return (
    <ResultModal step={flow.step} onClose={() => dispatch(transferDialogClosed())}>
      {transfer && (
        <ReceiptView
          status={receiptStatusOf(flow.step)}
          held={held}
          title={held ? HELD_TITLE : resultTitleOf(flow.step, TITLES)}
          subTitle={subTitle}
          facts={{
            amount: transfer.amount,
            recipientName: transfer.destinationAccountName,
            bank: transfer.destinationBankName,
            account: transfer.destinationAccountNumber,
            referenceNumber: transfer.referenceNumber,
            date: transfer.dateCreated,
            description: transfer.description,
          }}
        >
          {flow.step === 'pending' && !flow.stillPending && !held && <CheckingNote>Checking with the beneficiary bank…</CheckingNote>}
          {(flow.step === 'failed' || flow.step === 'succeeded') && (
            <div className="kobo-transfer-result__report">
              <ReportProblemButton
                block
                paymentReference={transfer.referenceNumber}
                paymentSummary={`${formatNaira(transfer.amount)} to ${transfer.destinationAccountName}, ${transfer.destinationBankName}`}
                initialReason={flow.step === 'failed' ? 'DEBITED_BUT_FAILED' : undefined}
              />
            </div>
          )}
        </ReceiptView>
      )}
    </ResultModal>
  )
}
