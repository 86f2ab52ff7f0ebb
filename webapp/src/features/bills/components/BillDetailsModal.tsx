/** 'Bill Payment Details': every field of one bill, the token included. */
import { Button, Modal } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { detailsClosed, selectBills } from '../billsSlice'
import { DETAILS_TITLE } from '../texts'
import { BillFacts } from './BillFacts'

export function BillDetailsModal() {
  const dispatch = useAppDispatch()
  const { detailsId, logs } = useAppSelector(selectBills)
  const bill = logs.items.find((item) => item.id === detailsId) ?? null
  const close = () => dispatch(detailsClosed())
  return (
    <Modal
      open={Boolean(bill)}
      title={DETAILS_TITLE}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          Close
        </Button>
      }
      destroyOnHidden
      width={520}
      centered
      className="kobo-bill-details"
    >
      {bill && <BillFacts bill={bill} />}
    </Modal>
  )
}
