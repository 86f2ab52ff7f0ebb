/**
 * Route /forgot-password (docs/contract.md §5.1): one required field
 * (e-mail or phone); on success the "Mail Sent Successfully" screen with a
 * resend link and Back to Login.
 */
import { useEffect } from 'react'
import { Link } from 'react-router'
import { Button, Form, Input, Typography } from 'antd'
import { ArrowLeftOutlined, MailOutlined, UserOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { REQUIRED } from '../../lib/validation'
import { forgotPageOpened, forgotRequested, selectPasswordRecovery } from './passwordRecoverySlice'
import { MAIL_SENT_TITLE } from './texts'
import '../../components/authForms/auth.css'
import '../../components/authForms/registration.css'
import './passwordRecovery.css'

export function ForgotPasswordPage() {
  const dispatch = useAppDispatch()
  const { sending, sentTo } = useAppSelector(selectPasswordRecovery)

  useEffect(() => {
    dispatch(forgotPageOpened())
  }, [dispatch])

  if (sentTo) {
    return (
      <div className="kobo-mail-sent">
        <div className="kobo-mail-sent__icon" aria-hidden="true">
          <MailOutlined />
        </div>
        <Typography.Title level={1} className="kobo-auth-title">
          {MAIL_SENT_TITLE}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
          If an account matches <Typography.Text strong>{sentTo}</Typography.Text>, a link to reset your password is on
          its way to the account's email address. The link works once and expires in 30 minutes.
        </Typography.Paragraph>
        <Typography.Paragraph className="kobo-auth-resend">
          Didn't get the email?{' '}
          {sending ? (
            <Typography.Text type="secondary">Resending...</Typography.Text>
          ) : (
            <Typography.Link onClick={() => dispatch(forgotRequested(sentTo))}>Resend</Typography.Link>
          )}
        </Typography.Paragraph>
        <Link to="/">
          <Button type="primary" block size="large">
            Back to Login
          </Button>
        </Link>
      </div>
    )
  }

  return (
    <>
      <Typography.Title level={1} className="kobo-auth-title">
        Forgot Password
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        Enter the email address or phone number you sign in with, and we will email you a link to set a new password.
      </Typography.Paragraph>
      <Form
        className="kobo-form"
        layout="vertical"
        onFinish={({ email }: { email: string }) => dispatch(forgotRequested(email.trim()))}
        disabled={sending}
        size="large"
        name="forgotPassword"
      >
        <Form.Item label="Email or Phone Number" name="email" rules={[{ required: true, whitespace: true, message: REQUIRED }]}>
          <Input prefix={<UserOutlined />} placeholder="you@example.com or 080..." autoComplete="username" inputMode="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending} size="large">
          Send Reset Link
        </Button>
      </Form>
      <Link to="/" className="kobo-auth-back-link">
        <ArrowLeftOutlined aria-hidden /> Back to Login
      </Link>
    </>
  )
}
