/**
 * Change Password: old, new and confirm, with the contract's messages (docs/contract.md §14.2).
 * Step-up (issue 12): the server checks the form and sends a code; the shared code dialog
 * (as for limits) asks for it, and Confirm sends the form again with the code.
 */
import { useEffect } from 'react'
import { Button, Form, Input, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { CodeDialog } from '../../../components/code/CodeDialog'
import {
  changePasswordClosed,
  changePasswordConfirmed,
  changePasswordRequested,
  selectSettings,
  type PasswordValues,
} from '../settingsSlice'
import {
  CONFIRM_REQUIRED,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MIN,
  PASSWORD_POLICY,
  PASSWORD_REQUIRED,
} from '../texts'
import { meetsPasswordPolicy } from '../password'
import '../../../components/payment/transfers.css'

type Values = PasswordValues

export function ChangePasswordTab() {
  const dispatch = useAppDispatch()
  const { password } = useAppSelector(selectSettings)
  const [form] = Form.useForm<Values>()

  useEffect(() => {
    if (password.changed > 0) form.resetFields()
  }, [password.changed, form])

  // Leaving the tab drops a code step that was waiting (the form goes with the tab).
  useEffect(() => () => void dispatch(changePasswordClosed()), [dispatch])

  // The server's field errors go back onto the fields they belong to.
  useEffect(() => {
    if (password.errors.length === 0) return
    form.setFields(
      password.errors
        .filter((e) => ['oldPassword', 'newPassword', 'confirmPassword'].includes(e.field))
        .map((e) => ({ name: e.field as keyof Values, errors: [e.message] })),
    )
  }, [password.errors, form])

  return (
    <div className="kobo-settings-narrow">
      <Typography.Paragraph type="secondary">
        Choose a strong password you don't use anywhere else. Other devices signed in to Kobo will be signed out.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark
        disabled={password.submitting}
        onFinish={(values) => dispatch(changePasswordRequested(values))}
      >
        <Form.Item name="oldPassword" label="Old Password" rules={[{ required: true, message: PASSWORD_REQUIRED }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="New Password"
          rules={[
            { required: true, message: PASSWORD_REQUIRED },
            { min: 8, message: PASSWORD_MIN },
            {
              validator: (_, value: string | undefined) =>
                !value || value.length < 8 || meetsPasswordPolicy(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_POLICY)),
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm Password"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: CONFIRM_REQUIRED },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORDS_DO_NOT_MATCH)),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={password.submitting}>
          Change Password
        </Button>
      </Form>
      <CodeDialog
        open={Boolean(password.codeSent)}
        message={password.codeSent?.message}
        twoFactor={password.codeSent?.twoFactorAuthentication}
        loading={password.submitting}
        failures={password.codeFailures}
        // The form is behind the dialog, unchanged: the same passwords go again, with the code.
        onSubmit={(otp) => dispatch(changePasswordConfirmed({ ...form.getFieldsValue(true), otp }))}
        onCancel={() => dispatch(changePasswordClosed())}
      >
        <div className="kobo-code-summary kobo-password-code" data-testid="password-code-summary">
          <LockOutlined className="kobo-password-code__icon" aria-hidden />
          <div className="kobo-password-code__title">Change Password</div>
          <div className="kobo-code-summary__sub">Other devices signed in to Kobo will be signed out.</div>
        </div>
      </CodeDialog>
    </div>
  )
}
