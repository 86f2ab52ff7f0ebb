/**
 * What happened after the code, as a receipt: Successful (with the token of a
 * prepaid meter in large digits), Pending while the biller is requeried (then
 * its final outcome), or the refusal in the server's words; with the receipt
 * actions whenever the payment has a reference, and "Report a problem" once it
 * has an outcome (a failed one's form starts on "I was debited but it failed"). A bill the
 * risk check held for review (docs/contract.md §16.1) reads calmly, as a held transfer does.
 */
import { ReceiptView } from '../../../components/receipt/ReceiptView'
import { CheckingNote, ResultModal } from '../../../components/receipt/ResultModal'
import { ReportProblemButton } from '../../../components/disputes/ReportProblemButton'
import { receiptStatusOf, resultTitleOf, type ReceiptFacts } from '../../../components/receipt/receiptModel'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectBills, vendDialogClosed } from '../billsSlice'
import { billSummary, productLabel } from '../display'
import { formatNaira } from '../../../lib/format'
import { FAILED_TITLE, HELD_TITLE, PENDING_TEXT, PENDING_TITLE, SUCCESS_TITLE } from '../texts'
import type { BillLog } from '../types'

const ACCOUNT_LABELS: Record<string, string> = {
  ELECTRICITY_BILL: 'Meter Number',
  CABLE_TV: 'Smart Card Number',
  AIRTIME: 'Phone Number',
  DATA: 'Phone Number',
}

/** A bill's one reference for life is its log's `reference` (docs/contract.md §12.2). */
function billReceiptFacts(bill: BillLog): ReceiptFacts {
  return {
    amount: bill.amount,
    recipientName: bill.electricityMeterOwner,
    bank: bill.utilityProviderTitle,
    bankLabel: 'Biller',
    account: bill.electricityMeterNumber ?? bill.cableTvSmartCardNumber ?? bill.phoneNumber,
    accountLabel: ACCOUNT_LABELS[bill.utilityProductType] ?? 'Number',
    referenceNumber: bill.reference,
    date: bill.dateCreated,
    token: bill.vendingToken,
    units: bill.units,
  }
}

const TITLES = { succeeded: SUCCESS_TITLE, failed: FAILED_TITLE, pending: PENDING_TITLE }

export function BillResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const bill = flow.bill
  const status = receiptStatusOf(flow.step)
  const held = flow.step === 'pending' && Boolean(bill?.heldForReview)
  const title = held ? HELD_TITLE : resultTitleOf(flow.step, TITLES)
  const product = bill ? productLabel(bill.utilityProductType) : null
  const subTitle =
    flow.step === 'failed' ? flow.error : flow.step === 'pending' ? flow.message || PENDING_TEXT : [product, flow.message].filter(Boolean).join(' · ')

  return (
    <ResultModal step={flow.step} onClose={() => dispatch(vendDialogClosed())} className="kobo-bill-result">
      {bill ? (
        <ReceiptView status={status} title={title} subTitle={subTitle} facts={billReceiptFacts(bill)} held={held}>
          {flow.step === 'pending' && !flow.stillPending && !held && <CheckingNote>Checking with the biller…</CheckingNote>}
          {(flow.step === 'failed' || flow.step === 'succeeded') && (
            <div className="kobo-bill-result__report">
              <ReportProblemButton
                block
                paymentReference={bill.reference}
                paymentSummary={billSummary(bill)}
                initialReason={flow.step === 'failed' ? 'DEBITED_BUT_FAILED' : undefined}
              />
            </div>
          )}
        </ReceiptView>
      ) : (
        // A refusal without the bill's record: the reason, and the reference the refusal names.
        <ReceiptView status={status} title={title} subTitle={subTitle} facts={{ amount: Number(flow.request?.amount ?? 0), referenceNumber: flow.reference ?? undefined }}>
          {flow.step === 'failed' && flow.reference && (
            <div className="kobo-bill-result__report">
              <ReportProblemButton
                block
                paymentReference={flow.reference}
                paymentSummary={[formatNaira(Number(flow.request?.amount ?? 0)), product ?? (flow.product ? productLabel(flow.product) : null)].filter(Boolean).join(' · ')}
                initialReason="DEBITED_BUT_FAILED"
              />
            </div>
          )}
        </ReceiptView>
      )}
    </ResultModal>
  )
}
