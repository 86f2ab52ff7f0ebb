/**
 * The code step of Create a Beneficiary (step-up, issue 12). The server has checked the
 * beneficiary and sent a code with the customer's own second factor; Confirm sends the same
 * details back with the code. The boxes, rule and headings are the transfer code dialog's.
 */
import { useEffect } from 'react'
import { Button, Form, Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { OtpInput } from '../../../components/OtpInput'
import { OTP_HEADINGS } from '../../../components/code/texts'
import { codeRule, secondFactorOf } from '../../../components/code/code'
import {
  createBeneficiaryClosed,
  createBeneficiaryConfirmed,
  selectBeneficiaries,
  type PendingBeneficiary,
} from '../../../store/beneficiaries/beneficiariesSlice'

export function BeneficiaryCodeStep({ pending }: { pending: PendingBeneficiary }) {
  const dispatch = useAppDispatch()
  const { creating, codeFailures } = useAppSelector(selectBeneficiaries)
  const [form] = Form.useForm<{ otp: string }>()
  const heading = OTP_HEADINGS[secondFactorOf(pending.twoFactor)]
  const { request } = pending

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
    </div>
  )
}
