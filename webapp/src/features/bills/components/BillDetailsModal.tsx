/**
 * 'Bill Payment Details': every field of one bill, the token included, its reported problem
 * if any, and "Report a problem" (docs/contract.md §15.6; a failed or still pending bill's
 * form starts on "I was debited but it failed").
 */
import { Button, Modal } from 'antd'
import { LinkedDispute } from '../../../components/disputes/LinkedDispute'
import { ReportProblemButton } from '../../../components/disputes/ReportProblemButton'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { detailsClosed, selectBills } from '../billsSlice'
import { selectBillLogs } from '../reads'
import { DETAILS_TITLE } from '../texts'
import { BillFacts } from './BillFacts'
import { billSummary } from '../display'

export function BillDetailsModal() {
  const dispatch = useAppDispatch()
  const { detailsId } = useAppSelector(selectBills)
  const logs = useAppSelector(selectBillLogs).data
  const bill = logs?.find((item) => item.id === detailsId) ?? null
  const close = () => dispatch(detailsClosed())
  const unsettled = bill?.vendingStatus === 'FAILED' || bill?.vendingStatus === 'PENDING'
  return (
    <Modal
      open={Boolean(bill)}
      title={DETAILS_TITLE}
      onCancel={close}
      footer={
        <div className="kobo-bill-details__footer">
          {bill && (
            <ReportProblemButton
              paymentReference={bill.reference}
              paymentSummary={billSummary(bill)}
              initialReason={unsettled ? 'DEBITED_BUT_FAILED' : undefined}
            />
          )}
          <Button type="primary" onClick={close}>
            Close
          </Button>
        </div>
      }
      destroyOnHidden
      width={520}
      centered
      className="kobo-bill-details"
    >
      {bill && <BillFacts bill={bill} />}
      {bill?.reference && <LinkedDispute paymentReference={bill.reference} />}
    </Modal>
  )
}
