/**
 * What happened after the code, as a receipt: Successful (with the token of a
 * prepaid meter in large digits), Pending while the biller is requeried (then
 * its final outcome), or the refusal in the server's words; with the receipt
 * actions whenever the payment has a reference.
 */
import { Button, Modal, Spin } from 'antd'
import { ReceiptView } from '../../../components/receipt/ReceiptView'
import type { ReceiptFacts } from '../../../components/receipt/receiptModel'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { selectBills, vendDialogClosed } from '../billsSlice'
import { productLabel } from '../display'
import { FAILED_TITLE, PENDING_TEXT, PENDING_TITLE, SUCCESS_TITLE } from '../texts'
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

export function BillResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const bill = flow.bill
  const open = flow.step === 'pending' || flow.step === 'failed' || flow.step === 'succeeded'
  const close = () => dispatch(vendDialogClosed())

  const status = flow.step === 'succeeded' ? 'COMPLETED' : flow.step === 'failed' ? 'FAILED' : 'PENDING'
  const title = flow.step === 'succeeded' ? SUCCESS_TITLE : flow.step === 'failed' ? FAILED_TITLE : PENDING_TITLE
  const product = bill ? productLabel(bill.utilityProductType) : null
  const subTitle =
    flow.step === 'failed' ? flow.error : flow.step === 'pending' ? flow.message || PENDING_TEXT : [product, flow.message].filter(Boolean).join(' · ')

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={480}
      centered
      title={null}
      closable={false}
      className="kobo-transfer-result kobo-bill-result"
    >
      {bill ? (
        <ReceiptView status={status} title={title} subTitle={subTitle} facts={billReceiptFacts(bill)}>
          {flow.step === 'pending' && !flow.stillPending && (
            <div className="kobo-transfer-checking" role="status">
              <Spin size="small" /> Checking with the biller…
            </div>
          )}
        </ReceiptView>
      ) : (
        // A refusal without a bill record (nothing was created): the reason alone.
        <ReceiptView status={status} title={title} subTitle={subTitle} facts={{ amount: Number(flow.request?.amount ?? 0) }} />
      )}
      <div className="kobo-transfer-result__actions">
        {/* Focus lands on Done, not on Share receipt: Enter after the code closes, never shares. */}
        <Button type={flow.step === 'pending' ? 'default' : 'primary'} onClick={close} block autoFocus>
          {flow.step === 'succeeded' ? 'Done' : 'Close'}
        </Button>
      </div>
    </Modal>
  )
}
