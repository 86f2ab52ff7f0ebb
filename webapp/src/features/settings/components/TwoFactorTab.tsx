/**
 * 2 Factor Authentication: OTP authentication or Google authenticator, a
 * check mark on the active one. Switching asks for the new factor's code and,
 * as the BFF requires, a code proving the current factor (docs/contract.md).
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Button, Form, Modal, Spin, Typography } from 'antd'
import { CheckCircleFilled, GoogleOutlined, KeyOutlined, MailOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { LoadFailed } from '../../../components/LoadState'
import { OtpInput } from '../../../components/OtpInput'
import { codeRule } from '../../../components/code/code'
import {
  selectSettings,
  twoFactorConfirmRequested,
  twoFactorCurrentCodeChosen,
  twoFactorSetupClosed,
  twoFactorSetupRequested,
  type SecondFactorType,
} from '../settingsSlice'
import { GOOGLE_OPTION, OTP_OPTION, TWO_FACTOR_FAILED } from '../texts'
import { useTwoFactorTypeQuery } from '../reads'
import { loadOf } from '../../../api/koboApi'
import { PASSKEY_OPTION } from '../passkeys/texts'
import { usePasskeys } from '../passkeys/usePasskeys'
import { PasskeysSection } from '../passkeys/PasskeysSection'
import { DevicesSection } from '../devices/DevicesSection'
import { useDevices } from '../devices/useDevices'

const OPTIONS: { type: SecondFactorType; title: string; text: string; icon: ReactNode }[] = [
  {
    type: 'OTP_AUTHENTICATION',
    title: OTP_OPTION,
    text: 'Receive a 6-digit code by e-mail and SMS each time you sign in or confirm a payment.',
    icon: <MailOutlined />,
  },
  {
    type: 'GOOGLE_AUTHENTICATOR',
    title: GOOGLE_OPTION,
    text: 'Use the code shown in the Google Authenticator app on your phone. Works without network coverage.',
    icon: <GoogleOutlined />,
  },
]

/** Labels of the two code fields, by what is being proven. */
function codeLabels(target: SecondFactorType, current: SecondFactorType | null) {
  const newLabel = target === 'GOOGLE_AUTHENTICATOR' ? 'Code from Google Authenticator' : 'OTP sent to your email & phone number'
  const currentLabel =
    current === 'GOOGLE_AUTHENTICATOR' ? 'Code from your current authenticator app' : 'OTP sent to your email & phone number'
  return { newLabel, currentLabel }
}

/** `hasPasskey`: the customer may approve the switch with a passkey instead of the current
 * method's code (issue 40); the new method's code is still asked, since it proves it works. */
function SetupModal({ current, hasPasskey = false }: { current: SecondFactorType | null; hasPasskey?: boolean }) {
  const dispatch = useAppDispatch()
  const { setup } = useAppSelector(selectSettings).twoFactor
  const [form] = Form.useForm<{ code: string; currentCode: string }>()
  const [codeDone, setCodeDone] = useState(false)
  const target = setup.target
  const open = setup.step !== 'idle'

  useEffect(() => {
    if (setup.failures > 0) form.resetFields()
  }, [setup.failures, form])

  if (!target) return null
  const needsCurrent = current === 'GOOGLE_AUTHENTICATOR' || target === 'GOOGLE_AUTHENTICATOR'
  const passkeyFirst = hasPasskey && needsCurrent && !setup.withCurrentCode
  const { newLabel, currentLabel } = codeLabels(target, current)
  const credentials = setup.credentials

  return (
    <Modal
      title={target === 'GOOGLE_AUTHENTICATOR' ? 'Set up Google Authenticator' : 'Switch to OTP authentication'}
      open={open}
      onCancel={() => dispatch(twoFactorSetupClosed())}
      closable={setup.step !== 'confirming'}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {setup.step === 'generating' ? (
        <div className="kobo-wait" role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">Please wait a moment...</Typography.Text>
        </div>
      ) : (
        <>
          {credentials && (
            <div className="kobo-2fa-qr">
              <img src={credentials.image} alt="QR code for Google Authenticator" width={180} height={180} />
              <div>
                <Typography.Text type="secondary">Can't scan it? Enter this setup code in the app:</Typography.Text>
                <Typography.Paragraph
                  className="kobo-2fa-secret"
                  data-testid="setup-code"
                  copyable={{ text: credentials.secretCode, tooltips: ['Copy setup code', 'Copied'] }}
                >
                  {credentials.secretCode}
                </Typography.Paragraph>
              </div>
            </div>
          )}
          {setup.message && <Alert type="info" showIcon title={setup.message} style={{ marginBottom: 16 }} />}
          <Form
            form={form}
            layout="vertical"
            disabled={setup.step === 'confirming'}
            onFinish={({ code, currentCode }) =>
              dispatch(
                passkeyFirst
                  ? twoFactorConfirmRequested({ code, currentCode: null, passkey: true })
                  : twoFactorConfirmRequested({ code, currentCode: needsCurrent ? currentCode : null }),
              )
            }
          >
            <Form.Item name="code" label={newLabel} rules={[codeRule]}>
              <OtpInput
                autoFocus
                label={newLabel}
                onComplete={() => {
                  if (passkeyFirst) return
                  if (needsCurrent) setCodeDone(true)
                  else form.submit()
                }}
              />
            </Form.Item>
            {needsCurrent && !passkeyFirst && (
              <Form.Item name="currentCode" label={currentLabel} rules={[codeRule]}>
                <OtpInput label={currentLabel} autoFocus={codeDone} onComplete={() => form.submit()} />
              </Form.Item>
            )}
            {passkeyFirst ? (
              <>
                <Typography.Paragraph type="secondary">
                  Then confirm it's you with your fingerprint, face or screen lock. Your passkey approves only this change.
                </Typography.Paragraph>
                <div className="kobo-code-dialog__passkey">
                  <Button type="primary" size="large" block htmlType="submit" icon={<KeyOutlined />} loading={setup.step === 'confirming'}>
                    Approve with passkey
                  </Button>
                  <Button size="large" block onClick={() => dispatch(twoFactorCurrentCodeChosen())} disabled={setup.step === 'confirming'}>
                    Use a code instead
                  </Button>
                </div>
              </>
            ) : (
              <div className="kobo-dialog-actions">
                <Button onClick={() => dispatch(twoFactorSetupClosed())}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={setup.step === 'confirming'}>
                  Confirm
                </Button>
              </div>
            )}
          </Form>
        </>
      )}
    </Modal>
  )
}

export function TwoFactorTab() {
  const dispatch = useAppDispatch()
  const { setup } = useAppSelector(selectSettings).twoFactor
  const current = useTwoFactorTypeQuery()
  const type = (current.data?.twoFactorAuthenticationType as SecondFactorType | undefined) ?? null
  const load = loadOf(current)
  const [passkeys, passkeyActions] = usePasskeys()
  const [devices, deviceActions] = useDevices()

  return (
    <>
      <Typography.Paragraph type="secondary">
        Choose how you confirm sign-ins and sensitive actions such as transfers.
      </Typography.Paragraph>
      {/* Without the current method the choice cannot be offered: say why and offer a Retry. */}
      {load.status === 'failed' && !type && (
        <LoadFailed title={TWO_FACTOR_FAILED} reason={load.error} onRetry={() => current.refetch()} variant="banner" />
      )}
      <div className="kobo-2fa-options" role="radiogroup" aria-label="Two-factor method" aria-busy={load.status === 'loading'}>
        {OPTIONS.map((option) => {
          const active = type === option.type
          return (
            <button
              type="button"
              key={option.type}
              role="radio"
              aria-checked={active}
              className={`kobo-2fa-option${active ? ' kobo-2fa-option--active' : ''}`}
              disabled={!type || setup.step !== 'idle'}
              onClick={() => {
                if (!active) dispatch(twoFactorSetupRequested({ target: option.type }))
              }}
            >
              <span className="kobo-2fa-option__icon">{option.icon}</span>
              <span className="kobo-2fa-option__body">
                <span className="kobo-2fa-option__title">{option.title}</span>
                <span className="kobo-2fa-option__text">{option.text}</span>
              </span>
              {active && <CheckCircleFilled className="kobo-2fa-option__check" aria-label="Active" />}
            </button>
          )
        })}
        {/* The third choice adds a passkey beside the code method (which stays the way in
            without the device): checked while the customer has one. */}
        <button
          type="button"
          role="radio"
          aria-checked={passkeys.items.length > 0}
          className={`kobo-2fa-option${passkeys.items.length > 0 ? ' kobo-2fa-option--active' : ''}`}
          disabled={passkeys.add.step !== 'idle' || setup.step !== 'idle'}
          onClick={() => void passkeyActions.startAdd()}
        >
          <span className="kobo-2fa-option__icon">
            <KeyOutlined />
          </span>
          <span className="kobo-2fa-option__body">
            <span className="kobo-2fa-option__title">{PASSKEY_OPTION}</span>
            <span className="kobo-2fa-option__text">
              Sign in and approve payments with this device's fingerprint, face or screen lock. No code to type; it cannot be
              phished. {passkeys.items.length > 0 ? 'Add another device.' : ''}
            </span>
          </span>
          {passkeys.items.length > 0 && <CheckCircleFilled className="kobo-2fa-option__check" aria-label="Active" />}
        </button>
      </div>
      <SetupModal current={type} hasPasskey={passkeys.items.length > 0} />
      <PasskeysSection state={passkeys} actions={passkeyActions} twoFactor={type ?? null} />
      <DevicesSection state={devices} actions={deviceActions} hasPasskey={passkeys.items.length > 0} twoFactor={type ?? null} />
    </>
  )
}
