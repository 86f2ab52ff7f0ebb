/**
 * Route /verify-email?email=<base64> (docs/contract.md §4.4): the code
 * e-mailed at registration (or at a sign-in before verification), six boxes,
 * Finish, and a resend action. Success goes to the login page.
 */
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, Form, Result, Typography } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useIsMobile'
import { OtpInput } from '../../components/OtpInput'
import { isCompleteCode } from '../../components/otp'
import { REQUIRED } from '../../lib/validation'
import { decodeBase64 } from '../../lib/base64'
import { resendCodeRequested, selectRegistration, verifyEmailRequested } from './registrationSlice'
import { SignupProgress } from './components/SignupProgress'
import '../../components/authForms/auth.css'
import '../../components/authForms/registration.css'

/** An address decoded from the link is usable if it looks like an e-mail address. */
function emailFromQuery(encoded: string | null): string | null {
  const email = decodeBase64(encoded)?.trim()
  return email && /^[^@\s]+@[^@\s]+$/.test(email) ? email : null
}

export function VerifyEmailPage() {
  const dispatch = useAppDispatch()
  const [params] = useSearchParams()
  const email = emailFromQuery(params.get('email'))
  const { verifying, resending, verifyFailures } = useAppSelector(selectRegistration)
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const [form] = Form.useForm<{ otp: string }>()

  // A refused code clears the boxes for the next attempt.
  useEffect(() => {
    if (verifyFailures > 0) form.resetFields()
  }, [verifyFailures, form])

  if (!email) {
    return (
      <Result
        status="warning"
        title="We could not read this link"
        subTitle="The address to verify is missing from it. Sign in with your email and password to get a new code."
        extra={
          <Link to="/">
            <Button type="primary">Back to Login</Button>
          </Link>
        }
      />
    )
  }

  return (
    <div className="kobo-verify-email">
      {!isDesktop && <SignupProgress step={3} variant="compact" />}
      <Typography.Title level={1} className="kobo-auth-title">
        Verify Email
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        Enter the 6-digit code we sent to <Typography.Text strong>{email}</Typography.Text>
      </Typography.Paragraph>
      <Form
        className="kobo-form"
        form={form}
        layout="vertical"
        onFinish={({ otp }) => dispatch(verifyEmailRequested({ email, code: otp }))}
        disabled={verifying}
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
        <Typography.Paragraph className="kobo-auth-resend">
          Didn't get the code?{' '}
          {resending ? (
            <Typography.Text type="secondary">Resending...</Typography.Text>
          ) : (
            <Typography.Link onClick={() => dispatch(resendCodeRequested({ email }))}>Resend</Typography.Link>
          )}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" block loading={verifying} size="large">
          Finish
        </Button>
      </Form>
      <Link to="/" className="kobo-auth-back-link">
        <ArrowLeftOutlined aria-hidden /> Back to Login
      </Link>
    </div>
  )
}
