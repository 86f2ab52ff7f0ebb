/**
 * What happened after the code, as a receipt: Transferred Successfully,
 * Pending (with status checks running, then its final outcome) or the
 * refusal in the server's words; with the amount, recipient, bank, masked
 * account, reference, status and date, and the receipt actions.
 */
import { Button, Modal, Spin } from 'antd'
import { ReceiptView } from '../../../components/receipt/ReceiptView'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { selectTransfers, transferDialogClosed } from '../transfersSlice'
import type { Transfer } from '../types'
import { FAILED_TITLE, PENDING_TITLE, STILL_PENDING, TRANSFERRED_SUCCESSFULLY } from '../texts'

export function TransferResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectTransfers)
  const open = flow.step === 'pending' || flow.step === 'succeeded' || flow.step === 'failed'
  const transfer: Transfer | null = flow.result ?? flow.pending?.transfer ?? null
  const close = () => dispatch(transferDialogClosed())

  const status = flow.step === 'succeeded' ? 'COMPLETED' : flow.step === 'failed' ? 'FAILED' : 'PENDING'
  const title = flow.step === 'succeeded' ? TRANSFERRED_SUCCESSFULLY : flow.step === 'failed' ? FAILED_TITLE : PENDING_TITLE
  const subTitle =
    flow.step === 'failed'
      ? flow.error
      : flow.step === 'pending'
        ? flow.stillPending
          ? STILL_PENDING
          : flow.result?.message || STILL_PENDING
        : undefined

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
      className="kobo-transfer-result"
    >
      {transfer && (
        <ReceiptView
          status={status}
          title={title}
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
          {flow.step === 'pending' && !flow.stillPending && (
            <div className="kobo-transfer-checking" role="status">
              <Spin size="small" /> Checking with the beneficiary bank…
            </div>
          )}
        </ReceiptView>
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
