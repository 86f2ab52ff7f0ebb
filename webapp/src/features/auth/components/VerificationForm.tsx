/**
 * Login step 2: the six-box code. The heading depends on the sign-in's
 * two-factor mode (spec part 1, "Login"). Completing the boxes submits.
 */
import { useEffect, useRef, useState } from 'react'
import { Button, Form, Typography } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { backToCredentials, selectAuth, verifyRequested } from '../authSlice'
import { OtpInput } from '../../../components/OtpInput'
import { isCompleteCode } from '../../../components/otp'
import { OTP_HEADINGS } from '../texts'
import { REQUIRED } from '../../../lib/validation'

/** How long "Resending..." shows; the login step's Resend does nothing else (spec part 1, section 4). */
const RESEND_FEEDBACK_MS = 1500

export function VerificationForm() {
  const dispatch = useAppDispatch()
  const { loading, challenge, verifyFailures } = useAppSelector(selectAuth)
  const [form] = Form.useForm<{ otp: string }>()
  const [resending, setResending] = useState(false)
  const resendTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const mode = challenge?.twoFactorAuthentication === 'GOOGLE_AUTHENTICATOR' ? 'GOOGLE_AUTHENTICATOR' : 'OTP_AUTHENTICATION'
  const heading = OTP_HEADINGS[mode]

  // A rejected code clears the boxes so the next attempt starts fresh.
  useEffect(() => {
    if (verifyFailures > 0) form.resetFields()
  }, [verifyFailures, form])

  useEffect(() => () => clearTimeout(resendTimer.current), [])

  const onResend = () => {
    if (resending) return
    setResending(true)
    resendTimer.current = setTimeout(() => setResending(false), RESEND_FEEDBACK_MS)
  }

  return (
    <>
      <Typography.Title level={1} className="kobo-auth-title">
        {heading.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        {heading.text}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ otp }) => dispatch(verifyRequested({ otp }))}
        disabled={loading}
        size="large"
      >
        <Form.Item
          name="otp"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                isCompleteCode(value) ? Promise.resolve() : Promise.reject(new Error(REQUIRED)),
            },
          ]}
        >
          <OtpInput autoFocus onComplete={() => form.submit()} label="Verification code" />
        </Form.Item>
        {mode === 'OTP_AUTHENTICATION' && (
          <Typography.Paragraph className="kobo-auth-resend">
            Didn't get the code?{' '}
            {resending ? (
              <Typography.Text type="secondary">Resending...</Typography.Text>
            ) : (
              <Typography.Link onClick={onResend}>Resend</Typography.Link>
            )}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" block loading={loading} size="large">
          Finish
        </Button>
      </Form>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        className="kobo-auth-back"
        onClick={() => dispatch(backToCredentials())}
        disabled={loading}
      >
        Back to Login
      </Button>
    </>
  )
}
