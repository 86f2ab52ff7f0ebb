/**
 * The code step of Create a Beneficiary (step-up, issue 12). The server has checked the
 * beneficiary and sent a code with the customer's own second factor; Confirm sends the same
 * details back with the code. The boxes, rule and headings are the transfer code dialog's.
 * A customer with a passkey is offered "Approve with passkey" first, "Use a code instead"
 * beside it (issue 40), as in the code dialog.
 */
import { useEffect, useState } from 'react'
import { Button, Form, Typography } from 'antd'
import { KeyOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { OtpInput } from '../../../components/OtpInput'
import { OTP_HEADINGS } from '../../../components/code/texts'
import { codeRule, secondFactorOf } from '../../../components/code/code'
import {
  createBeneficiaryClosed,
  createBeneficiaryConfirmed,
  createBeneficiaryPasskeyRequested,
  selectBeneficiaries,
  selectBeneficiaryCreating,
  type PendingBeneficiary,
} from '../../../store/beneficiaries/beneficiariesSlice'

export function BeneficiaryCodeStep({ pending }: { pending: PendingBeneficiary }) {
  const dispatch = useAppDispatch()
  const { failures: codeFailures } = useAppSelector(selectBeneficiaries)
  const creating = useAppSelector(selectBeneficiaryCreating)
  const [form] = Form.useForm<{ otp: string }>()
  const heading = OTP_HEADINGS[secondFactorOf(pending.twoFactor)]
  const { request } = pending
  const [withCode, setWithCode] = useState(false)
  const passkeyFirst = Boolean(pending.passkeyApproval) && !withCode

  useEffect(() => {
    if (codeFailures > 0) form.resetFields()
  }, [codeFailures, form])

  return (
    <div className="kobo-code-dialog" data-testid="beneficiary-code-step">
      <div className="kobo-code-summary">
        <div className="kobo-beneficiary-code__name">{request.beneficiaryName}</div>
        <div>{request.accountName}</div>
        <div className="kobo-code-summary__sub">
          {request.bankName} · <span className="kobo-tabular">{request.accountNumber}</span>
        </div>
      </div>
      {passkeyFirst ? (
        <>
          <Typography.Title level={5} className="kobo-beneficiary-code__title">
            Approve this beneficiary
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Confirm with your fingerprint, face or screen lock. Your passkey approves only this beneficiary.
          </Typography.Paragraph>
          <div className="kobo-code-dialog__passkey">
            <Button
              type="primary"
              size="large"
              block
              icon={<KeyOutlined />}
              loading={creating}
              onClick={() => dispatch(createBeneficiaryPasskeyRequested())}
            >
              Approve with passkey
            </Button>
            <Button size="large" block onClick={() => setWithCode(true)} disabled={creating}>
              Use a code instead
            </Button>
          </div>
        </>
      ) : (
        <>
          <Typography.Title level={5} className="kobo-beneficiary-code__title">
            {heading.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{pending.message || heading.text}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            disabled={creating}
            onFinish={({ otp }) => dispatch(createBeneficiaryConfirmed({ otp }))}
          >
            <Form.Item name="otp" rules={[codeRule]}>
              <OtpInput autoFocus onComplete={() => form.submit()} label="One-time code" />
            </Form.Item>
            <div className="kobo-dialog-actions">
              <Button onClick={() => dispatch(createBeneficiaryClosed())} disabled={creating}>
                Cancel
              </Button>
              <Button type="primary" htmlType="submit" loading={creating}>
                Confirm
              </Button>
            </div>
          </Form>
        </>
      )}
    </div>
  )
}
