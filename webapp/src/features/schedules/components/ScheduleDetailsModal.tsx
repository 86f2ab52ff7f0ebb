/** 'Schedule Payment Details' (docs/contract.md §10.1): everything about one payment. */
import { Alert, Button, Descriptions, Modal, Tag } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { loadOf } from '../../../api/koboApi'
import { LoadState } from '../../../components/LoadState'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { useIsMobile } from '../../../lib/useIsMobile'
import { formatNaira, humanize } from '../../../lib/format'
import { detailsClosed, editOpened, selectSchedules } from '../../../store/schedules/schedulesSlice'
import { useScheduleQuery, useSchedulesQuery } from '../../../store/schedules/reads'
import { cadenceOf } from '../../../store/schedules/schedule'
import { DETAILS_ERROR, DETAILS_TITLE, TRANSFER_TYPE_LABELS } from '../../../store/schedules/texts'
import { ScheduleStatusTag } from './ScheduleStatusTag'

export function ScheduleDetailsModal() {
  const dispatch = useAppDispatch()
  const { details } = useAppSelector(selectSchedules)
  const mobile = useIsMobile()
  // What the list knows at once, then the payment as the BFF has it now.
  const read = useScheduleQuery(details.uuid ?? '', { skip: !details.uuid })
  const fresh = read.data
  const listed = useSchedulesQuery().data?.find((s) => s.uuid === details.uuid)
  const item = details.uuid ? ((fresh?.uuid === details.uuid ? fresh : null) ?? listed ?? null) : null
  const close = () => dispatch(detailsClosed())
  const editable = item?.status === 'PENDING' && item.runsDone === 0

  return (
    <Modal
      open={Boolean(details.uuid)}
      title={DETAILS_TITLE}
      onCancel={close}
      width={640}
      centered
      destroyOnHidden
      // Edit opens from here: focus must not jump back to the table as this closes.
      focusable={{ focusTriggerAfterClose: false }}
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        editable ? (
          <Button key="edit" type="primary" icon={<EditOutlined />} onClick={() => item && dispatch(editOpened(item.uuid))}>
            Edit
          </Button>
        ) : null,
      ]}
    >
      {/* The list's copy shows at once; a failed fresh read is a banner above it (or the
          failed state, with nothing to show), said once, with Retry. */}
      <LoadState
        load={loadOf(read)}
        onRetry={() => void read.refetch()}
        failedTitle={DETAILS_ERROR}
        hasData={Boolean(item)}
        skeletonRows={6}
      >
        {() =>
          item && (
            <div className="kobo-schedule-details" data-testid="schedule-details">
              <div className="kobo-schedule-details__head">
                <div>
                  <div className="kobo-schedule-details__amount">{formatNaira(item.amount)}</div>
                  <div className="kobo-schedule-details__to">
                    to <strong>{item.destinationAccountName}</strong>
                  </div>
                </div>
                <ScheduleStatusTag status={item.status} />
              </div>
              {item.status === 'PENDING' && !item.approved && (
                <Alert
                  type="warning"
                  showIcon
                  className="kobo-schedule-details__alert"
                  title="Awaiting approval"
                  description="This payment will not run until it is approved with a one-time code. Edit it to receive a new code."
                />
              )}
              {item.status === 'FAILED' && item.failureReason && (
                <Alert type="error" showIcon className="kobo-schedule-details__alert" title="Payment failed" description={item.failureReason} />
              )}
              <Descriptions
                column={mobile ? 1 : 2}
                size="small"
                bordered
                items={[
                  { key: 'ref', label: 'Reference Number', children: <span className="kobo-tabular">{item.referenceNumber}</span> },
                  { key: 'type', label: 'Transfer Type', children: TRANSFER_TYPE_LABELS[item.transferType] ?? humanize(item.transferType) },
                  { key: 'date', label: item.status === 'PENDING' ? 'Next Payment Date' : 'Payment Date', children: item.scheduleDate },
                  { key: 'cadence', label: 'Frequency', children: cadenceOf(item) },
                  { key: 'from', label: 'From Account', children: <span className="kobo-tabular">{item.sourceAccountNumber}</span> },
                  {
                    key: 'to',
                    label: 'To Account',
                    children: (
                      <span>
                        <span className="kobo-tabular">{item.destinationAccountNumber}</span>
                        <br />
                        <span className="kobo-schedule-details__muted">{item.destinationBankName}</span>
                      </span>
                    ),
                  },
                  { key: 'amount', label: 'Amount', children: formatNaira(item.amount) },
                  { key: 'runs', label: 'Payments Made', children: `${item.runsDone} of ${item.repeatPayment}` },
                  { key: 'description', label: 'Description', children: item.description || '—', span: mobile ? 1 : 2 },
                  {
                    key: 'approved',
                    label: 'Approval',
                    span: mobile ? 1 : 2,
                    children: item.approved ? <Tag color="green">Approved</Tag> : <Tag color="orange">Awaiting approval</Tag>,
                  },
                ]}
              />
            </div>
          )
        }
      </LoadState>
    </Modal>
  )
}
