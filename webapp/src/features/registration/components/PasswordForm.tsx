/** Stage 2: password and its confirmation, with the contract's messages; Previous keeps stage 1's data. */
import { Button, Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { registerRequested, selectRegistration, stageBack } from '../registrationSlice'
import { confirmPasswordRules, passwordRules } from '../../../lib/passwordRules'
import { useServerFieldErrors } from '../../../lib/formHelpers'
import type { PasswordValues } from '../types'

const FIELDS = ['password', 'confirmPassword'] as const

export function PasswordForm() {
  const dispatch = useAppDispatch()
  const { submitting, fieldErrors } = useAppSelector(selectRegistration)
  const [form] = Form.useForm<PasswordValues>()
  useServerFieldErrors(form, fieldErrors, FIELDS)

  return (
    <Form
      className="kobo-form"
      form={form}
      layout="vertical"
      onFinish={(values) => dispatch(registerRequested(values))}
      size="large"
      name="password"
      disabled={submitting}
    >
      <Form.Item
        label="Password"
        name="password"
        rules={passwordRules}
        extra="At least 8 characters, with an uppercase letter, a number and a special character."
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="Choose a password" />
      </Form.Item>
      <Form.Item label="Confirm Password" name="confirmPassword" dependencies={['password']} rules={confirmPasswordRules()}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="Type it again" />
      </Form.Item>
      <div className="kobo-form-actions">
        <Button size="large" onClick={() => dispatch(stageBack())}>
          Previous
        </Button>
        <Button type="primary" htmlType="submit" size="large" loading={submitting}>
          Create Account
        </Button>
      </div>
    </Form>
  )
}
