/**
 * Route /reset-password/:code/:email (docs/contract.md §5.2): the link
 * is checked on opening; a valid one shows the new-password form, an invalid
 * one a not-found illustration with the server's message.
 */
import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { Button, Form, Input, Result, Spin, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { confirmPasswordRules, passwordRules } from '../../lib/passwordRules'
import { useServerFieldErrors } from '../../lib/formHelpers'
import { emailFromPath } from './resetLink'
import { resetLinkCheckRequested, resetRequested, selectPasswordRecovery } from './passwordRecoverySlice'
import '../../components/authForms/auth.css'
import '../../components/authForms/registration.css'
import './passwordRecovery.css'

interface FormValues {
  password: string
  confirmPassword: string
}

const FIELDS = ['password', 'confirmPassword'] as const

export function ResetPasswordPage() {
  const dispatch = useAppDispatch()
  const params = useParams()
  const resetCode = params.code ?? ''
  const email = emailFromPath(params.email)
  const { linkCheck, invalidMessage, resetting, fieldErrors } = useAppSelector(selectPasswordRecovery)
  const [form] = Form.useForm<FormValues>()
  useServerFieldErrors(form, fieldErrors, FIELDS)

  useEffect(() => {
    dispatch(resetLinkCheckRequested({ resetCode, email }))
  }, [dispatch, resetCode, email])

  if (linkCheck === 'checking') {
    return (
      <div className="kobo-reset-checking">
        <Spin size="large" />
        <Typography.Paragraph type="secondary">Checking your link...</Typography.Paragraph>
      </div>
    )
  }

  if (linkCheck === 'invalid') {
    return (
      <Result
        status="404"
        className="kobo-reset-invalid"
        title="Link not valid"
        subTitle={invalidMessage}
        extra={[
          <Link to="/" key="login">
            <Button type="primary">Back to Login</Button>
          </Link>,
          <Link to="/forgot-password" key="forgot">
            <Button>Request a new link</Button>
          </Link>,
        ]}
      />
    )
  }

  return (
    <>
      <Typography.Title level={1} className="kobo-auth-title">
        Reset Password
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        Choose a new password for <Typography.Text strong>{email}</Typography.Text>. You will sign in with it from now on.
      </Typography.Paragraph>
      <Form
        className="kobo-form"
        form={form}
        layout="vertical"
        onFinish={(values) =>
          dispatch(
            resetRequested({
              email,
              passwordResetCode: resetCode,
              password: values.password,
              confirmPassword: values.confirmPassword,
            }),
          )
        }
        disabled={resetting}
        size="large"
        name="resetPassword"
      >
        <Form.Item
          label="New Password"
          name="password"
          rules={passwordRules}
          extra="At least 8 characters, with an uppercase letter, a number and a special character."
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="Choose a new password" />
        </Form.Item>
        <Form.Item label="Confirm Password" name="confirmPassword" dependencies={['password']} rules={confirmPasswordRules()}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="Type it again" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={resetting} size="large">
          Reset Password
        </Button>
      </Form>
    </>
  )
}
