/** Login step 1 (spec part 1, "Login"): email or phone, password, Remember me. */
import { Button, Checkbox, Form, Input, Typography } from 'antd'
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import type { LoginRequest } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { loginRequested, selectAuth } from '../authSlice'
import { REQUIRED } from '../../../lib/validation'

export function CredentialsForm() {
  const dispatch = useAppDispatch()
  const { loading } = useAppSelector(selectAuth)
  const [form] = Form.useForm<LoginRequest>()

  return (
    <>
      <Typography.Title level={1} className="kobo-auth-title">
        Login
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="kobo-auth-subtitle">
        Welcome back. Sign in to continue to your accounts.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ email: '', password: '', remember: false }}
        onFinish={(values) =>
          dispatch(loginRequested({ email: values.email.trim(), password: values.password, remember: !!values.remember }))
        }
        disabled={loading}
        size="large"
      >
        <Form.Item label="Email or Phone Number" name="email" rules={[{ required: true, whitespace: true, message: REQUIRED }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="you@example.com or 080..."
            autoComplete="username"
            inputMode="email"
          />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: REQUIRED }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="Enter your password"
            autoComplete="current-password"
            // Named icons so screen readers announce what the toggle does.
            iconRender={(visible) =>
              visible ? <EyeOutlined aria-label="Hide password" /> : <EyeInvisibleOutlined aria-label="Show password" />
            }
          />
        </Form.Item>
        <div className="kobo-auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">Forgot Password</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={loading} size="large">
          Log In
        </Button>
      </Form>
      <Typography.Paragraph className="kobo-auth-footer">
        You're new in here? <Link to="/signup">Create Account</Link>
      </Typography.Paragraph>
    </>
  )
}
