/**
 * "Report a problem" (docs/contract.md §15.6): one of five reasons, a note and optional files;
 * the answer shows the tracking number and the answer-by time in West Africa Time, or the
 * answer itself when the payment could answer at once. "I did not make this payment" offers
 * to freeze the account.
 */
import { useState } from 'react'
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Result, Space, Typography, Upload } from 'antd'
import type { UploadFile } from 'antd'
import { PaperClipOutlined } from '@ant-design/icons'
import { errorMessage } from '../../api/client'
import { koboApi } from '../../api/koboApi'
import { useAppDispatch } from '../../store/hooks'
import { readAsDataUrl } from '../../lib/files'
import { reportEndpoint, type DisputeCreated } from './api'
import { DisputeStatusTag } from './DisputeStatusTag'
import { FreezeOffer } from './FreezeOffer'
import {
  CHOOSE_REASON,
  NOTE_LABEL,
  REASONS,
  REPORT_FAILED,
  REPORT_TITLE,
  SEND_REPORT,
  WHAT_WENT_WRONG,
  type ReasonCode,
} from './texts'
import { useSessionCall } from './useSessionCall'
import './disputes.css'

const MAX_FILES = 5

interface Props {
  open: boolean
  paymentReference: string
  /** One line naming the payment ("₦5,000.00 to Adaeze Nwosu"). */
  paymentSummary?: string
  /** A reason to start with (a failed transfer's result starts on "debited but it failed"). */
  initialReason?: ReasonCode
  onClose: () => void
  onReported?: (created: DisputeCreated) => void
}

interface Values {
  reason?: ReasonCode
  note?: string
}

export function ReportProblemModal({ open, paymentReference, paymentSummary, initialReason, onClose, onReported }: Props) {
  const run = useSessionCall()
  const dispatch = useAppDispatch()
  const [form] = Form.useForm<Values>()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<DisputeCreated | null>(null)
  const reason = Form.useWatch('reason', form)

  async function send(values: Values) {
    setSending(true)
    setError(null)
    const attachments = await Promise.all(
      files.filter((f) => f.originFileObj).map(async (f) => ({ name: f.name, document: await readAsDataUrl(f.originFileObj as File) })),
    )
    const result = await run(reportEndpoint({ paymentReference, reason: values.reason, note: values.note?.trim() || null, attachments }))
    setSending(false)
    if (result.error) {
      setError(errorMessage(result.error, REPORT_FAILED))
      return
    }
    setCreated(result.data)
    // Customer Service's list of reported problems is asked for again.
    dispatch(koboApi.util.invalidateTags(['Disputes']))
    onReported?.(result.data)
  }

  const dispute = created?.dispute
  return (
    <Modal
      title={REPORT_TITLE}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={520}
      centered
      className="kobo-report-problem"
    >
      {dispute ? (
        <div data-testid="report-done">
          <Result
            status={dispute.answer ? 'success' : 'info'}
            title={dispute.answer ? 'Answered' : 'We received your report'}
            subTitle={dispute.answer ?? `We will answer by ${dispute.answerBy.slice(0, 16)} WAT. We sent the tracking number to your phone and e-mail.`}
            className="kobo-report-problem__result"
          />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'number',
                label: 'Tracking number',
                children: (
                  <Typography.Text copyable strong data-testid="tracking-number">
                    {dispute.trackingNumber}
                  </Typography.Text>
                ),
              },
              { key: 'status', label: 'Status', children: <DisputeStatusTag status={dispute.status} label={dispute.statusLabel} /> },
              { key: 'reason', label: 'What went wrong', children: dispute.reasonLabel },
              { key: 'payment', label: 'Payment', children: dispute.paymentSummary },
            ]}
          />
          {dispute.reason === 'NOT_MINE' && (
            <div className="kobo-report-problem__freeze">
              <FreezeOffer />
            </div>
          )}
          <Button type="primary" block onClick={onClose} className="kobo-report-problem__close">
            Done
          </Button>
        </div>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={send} initialValues={{ reason: initialReason }}>
          {paymentSummary && (
            <Typography.Paragraph type="secondary" className="kobo-report-problem__payment">
              {paymentSummary}
            </Typography.Paragraph>
          )}
          <Form.Item name="reason" label={WHAT_WENT_WRONG} rules={[{ required: true, message: CHOOSE_REASON }]}>
            <Radio.Group className="kobo-report-problem__reasons">
              <Space orientation="vertical">
                {REASONS.map((r) => (
                  <Radio key={r.reason} value={r.reason}>
                    {r.label}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {reason === 'NOT_MINE' && (
            <div className="kobo-report-problem__freeze">
              <FreezeOffer />
            </div>
          )}
          <Form.Item name="note" label={NOTE_LABEL} rules={[{ max: 2000, message: 'At most 2,000 characters' }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount placeholder="What happened, and anything we should know" />
          </Form.Item>
          <Form.Item label="Attachments (optional)">
            <Upload
              multiple
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList }) => setFiles(fileList.slice(0, MAX_FILES))}
              accept=".pdf,.png,.jpg,.jpeg,.doc,.docx,.txt"
            >
              <Button icon={<PaperClipOutlined aria-hidden />}>Add a file</Button>
            </Upload>
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} className="kobo-report-problem__error" />}
          <Button type="primary" htmlType="submit" block loading={sending}>
            {SEND_REPORT}
          </Button>
        </Form>
      )}
    </Modal>
  )
}
