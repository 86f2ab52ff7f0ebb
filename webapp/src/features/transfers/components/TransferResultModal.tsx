/**
 * What happened after the code: Pending (with status checks running),
 * Transferred Successfully (a Pending transfer that then completed), or the
 * refusal in the server's words. A transfer completed at once needs no
 * dialog: it closes with a toast (spec part 2, section 4).
 */
import { Button, Modal, Result, Spin } from 'antd'
import { ClockCircleOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { formatDateTime, formatNaira } from '../../../lib/format'
import { selectTransfers, transferDialogClosed } from '../transfersSlice'
import { FAILED_TITLE, PENDING_TITLE, STILL_PENDING, TRANSFERRED_SUCCESSFULLY } from '../texts'

export function TransferResultModal() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectTransfers)
  const open = flow.step === 'pending' || flow.step === 'succeeded' || flow.step === 'failed'
  const transfer = flow.result ?? flow.pending?.transfer ?? null
  const close = () => dispatch(transferDialogClosed())

  const rows: [string, string][] = transfer
    ? [
        ['Amount', formatNaira(transfer.amount)],
        ['To', `${transfer.destinationAccountName} (${transfer.destinationAccountNumber})`],
        ['Bank', transfer.destinationBankName],
        ['From', transfer.sourceAccountNumber],
        ...(transfer.sessionId ? ([['Session ID', transfer.sessionId]] as [string, string][]) : []),
        ['Date', formatDateTime(transfer.dateCreated)],
      ]
    : []
  const details = transfer && (
    <dl className="kobo-transfer-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )

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
      {flow.step === 'pending' && (
        <Result
          icon={<ClockCircleOutlined style={{ color: '#E0A526' }} />}
          title={PENDING_TITLE}
          subTitle={flow.stillPending ? STILL_PENDING : flow.result?.message || STILL_PENDING}
        />
      )}
      {flow.step === 'pending' && !flow.stillPending && (
        <div className="kobo-transfer-checking" role="status">
          <Spin size="small" /> Checking with the beneficiary bank…
        </div>
      )}
      {flow.step === 'succeeded' && <Result status="success" title={TRANSFERRED_SUCCESSFULLY} />}
      {flow.step === 'failed' && <Result status="error" title={FAILED_TITLE} subTitle={flow.error} />}
      {details}
      <div className="kobo-transfer-result__actions">
        <Button type={flow.step === 'pending' ? 'default' : 'primary'} onClick={close} block>
          {flow.step === 'succeeded' ? 'Done' : 'Close'}
        </Button>
      </div>
    </Modal>
  )
}
