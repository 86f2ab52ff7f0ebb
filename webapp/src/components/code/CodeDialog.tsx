/**
 * The one-time-code dialog every sensitive action uses
 * (docs/contract.md §1.7): six boxes that auto-advance, paste fills them, completing all
 * six submits. The heading follows the customer's second factor, like the
 * login's code step; the text is the server's sentence saying where the code is.
 * With no network the code cannot be sent: the boxes and Confirm are switched off and the
 * dialog says why (issue 43), so every payment, limit and beneficiary change waits for it.
 * A payment the risk check stepped up (docs/contract.md §16.1) first shows its warning; the
 * code or passkey step opens once the customer ticked that they understand.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Button, Form, Modal, Typography } from 'antd'
import { KeyOutlined } from '@ant-design/icons'
import { OFFLINE_MONEY_REASON, useOnline } from '../../lib/network'
import { OtpInput } from '../OtpInput'
import type { RiskWarning } from '../../api/transferTypes'
import { RiskWarningStep } from './RiskWarningStep'
import { OTP_HEADINGS } from './texts'
import { codeRule, secondFactorOf } from './code'
import '../accounts/accounts.css'

export interface CodeDialogProps {
  open: boolean
  /** The server's sentence from the first call ("Enter the OTP sent to …"). */
  message?: string | null
  twoFactor?: string | null
  loading?: boolean
  /** Goes up each time a code is refused, which clears the boxes. */
  failures?: number
  onSubmit: (code: string) => void
  onCancel: () => void
  /** What is being confirmed (a summary shown above the boxes). */
  children?: ReactNode
  submitText?: string
  /** The customer has a passkey: "Approve with passkey" comes first, "Use a code instead"
   * beside it opens the boxes (issue 40). */
  onPasskey?: () => void
  /** What the passkey step says (a payment by default). */
  passkeyTitle?: string
  passkeyText?: string
  /** The dialog's title in the code step (the second factor's heading by default). */
  title?: string
  /** A step-up's warning, shown before the code step until the customer acknowledges it. */
  warning?: RiskWarning | null
}

export function CodeDialog({
  open,
  message,
  twoFactor,
  loading = false,
  failures = 0,
  onSubmit,
  onCancel,
  children,
  submitText = 'Confirm',
  onPasskey,
  passkeyTitle = 'Approve this payment',
  passkeyText = 'Confirm with your fingerprint, face or screen lock. Your passkey approves only this payment.',
  title,
  warning,
}: CodeDialogProps) {
  const [form] = Form.useForm<{ otp: string }>()
  const [withCode, setWithCode] = useState(false)
  // Which warning the customer acknowledged: a later payment's warning shows again.
  const [acknowledged, setAcknowledged] = useState<RiskWarning | null>(null)
  const warned = warning && warning !== acknowledged ? warning : null
  const passkeyFirst = Boolean(onPasskey) && !withCode
  const heading = OTP_HEADINGS[secondFactorOf(twoFactor)]
  const online = useOnline()

  useEffect(() => {
    if (failures > 0) form.resetFields()
  }, [failures, form])

  return (
    <Modal
      open={open}
      title={warned ? warned.title : passkeyFirst ? passkeyTitle : (title ?? heading.title)}
      onCancel={loading ? undefined : onCancel}
      closable={!loading}
      mask={{ closable: false }}
      footer={null}
      destroyOnHidden
      width={440}
      centered
    >
      <div className="kobo-code-dialog">
        {children}
        {!online && <Alert type="warning" showIcon title={OFFLINE_MONEY_REASON} className="kobo-code-dialog__offline" />}
        {warned ? (
          <RiskWarningStep warning={warned} onContinue={() => setAcknowledged(warned)} onCancel={onCancel} />
        ) : passkeyFirst ? (
          <>
            <Typography.Paragraph type="secondary">{passkeyText}</Typography.Paragraph>
            <div className="kobo-code-dialog__passkey">
              <Button type="primary" size="large" block icon={<KeyOutlined />} onClick={onPasskey} loading={loading} disabled={!online}>
                Approve with passkey
              </Button>
              <Button size="large" block onClick={() => setWithCode(true)} disabled={loading}>
                Use a code instead
              </Button>
            </div>
          </>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{message || heading.text}</Typography.Paragraph>
            <Form form={form} layout="vertical" onFinish={({ otp }) => online && onSubmit(otp)} disabled={loading}>
              <Form.Item name="otp" rules={[codeRule]}>
                <OtpInput autoFocus onComplete={() => form.submit()} label="One-time code" />
              </Form.Item>
              <div className="kobo-dialog-actions">
                <Button onClick={onCancel} disabled={loading}>
                  Cancel
                </Button>
                <Button type="primary" htmlType="submit" loading={loading} disabled={!online}>
                  {submitText}
                </Button>
              </div>
            </Form>
          </>
        )}
      </div>
    </Modal>
  )
}
