/**
 * What happened after the code: Successful (with the token of a prepaid
 * meter), Pending while the biller is requeried (then its final outcome),
 * or the refusal in the server's words. Any other success closes with a
 * toast only.
 */
import { Button, Modal, Result, Spin } from 'antd'
import { ClockCircleOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { selectBills, vendDialogClosed } from '../billsSlice'
import { FAILED_TITLE, PENDING_TEXT, PENDING_TITLE, SUCCESS_TITLE } from '../texts'
import { BillFacts } from './BillFacts'

export function BillResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const bill = flow.bill
  const open =
    flow.step === 'pending' ||
    flow.step === 'failed' ||
    (flow.step === 'succeeded' && (flow.settledLater || flow.product === 'ELECTRICITY_BILL' || Boolean(bill?.vendingToken)))
  const close = () => dispatch(vendDialogClosed())

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
      {flow.step === 'pending' && (
        <>
          <Result icon={<ClockCircleOutlined style={{ color: '#E0A526' }} />} title={PENDING_TITLE} subTitle={flow.message || PENDING_TEXT} />
          {!flow.stillPending && (
            <div className="kobo-transfer-checking" role="status">
              <Spin size="small" /> Checking with the biller…
            </div>
          )}
        </>
      )}
      {flow.step === 'succeeded' && <Result status="success" title={SUCCESS_TITLE} subTitle={flow.message || undefined} />}
      {flow.step === 'failed' && <Result status="error" title={FAILED_TITLE} subTitle={flow.error} />}
      {bill && <BillFacts bill={bill} compact />}
      <div className="kobo-transfer-result__actions">
        <Button type={flow.step === 'pending' ? 'default' : 'primary'} onClick={close} block>
          {flow.step === 'succeeded' ? 'Done' : 'Close'}
        </Button>
      </div>
    </Modal>
  )
}
