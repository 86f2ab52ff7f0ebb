/**
 * The account's freeze in Settings (docs/contract.md §14.4a): its state; "Freeze my account
 * now" while it is not frozen; while it is, unfreezing with a new password and a code (or by
 * calling customer service).
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd'
import { LockOutlined, UnlockOutlined } from '@ant-design/icons'
import { errorMessage, failureReason, type ApiResult } from '../../../api/client'
import { LoadFailed } from '../../../components/LoadState'
import { OtpInput } from '../../../components/OtpInput'
import { FreezeOffer } from '../../../components/disputes/FreezeOffer'
import { freezeStateEndpoint, unfreezeEndpoint, type FreezeState } from '../../../components/disputes/api'
import { useSessionCall } from '../../../components/disputes/useSessionCall'
import { confirmPasswordRules, passwordRules } from '../../../lib/passwordRules'

export const FREEZE_STATE_FAILED = 'We could not check whether your account is frozen'
const SETTINGS_OFFER = 'Think someone else is using your account? Freeze it: no money can leave it until it is unfrozen. Money sent to you still arrives.'

interface Passwords {
  newPassword: string
  confirmPassword: string
}

function UnfreezeForm({ onDone }: { onDone: () => void }) {
  const run = useSessionCall()
  const [form] = Form.useForm<Passwords>()
  const [codeFor, setCodeFor] = useState<Passwords | null>(null)
  const [sentTo, setSentTo] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(passwords: Passwords, otp?: string) {
    setBusy(true)
    setError(null)
    const result = await run(unfreezeEndpoint({ ...passwords, otp: otp ?? null }))
    setBusy(false)
    if (result.error) {
      setError(errorMessage(result.error, 'We could not unfreeze your account. Please try again.'))
      return
    }
    if (otp) onDone()
    else {
      setCodeFor(passwords)
      setSentTo(result.data.message)
    }
  }

  if (codeFor) {
    return (
      <div className="kobo-freeze-card__code">
        <Typography.Paragraph>{sentTo}</Typography.Paragraph>
        <OtpInput value={code} onChange={setCode} autoFocus label="Verification code" />
        {error && <Alert type="error" showIcon title={error} />}
        <Button type="primary" icon={<UnlockOutlined aria-hidden />} loading={busy} disabled={code.length < 6} onClick={() => void submit(codeFor, code)}>
          Unfreeze my account
        </Button>
      </div>
    )
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} className="kobo-freeze-card__form">
      <Form.Item name="newPassword" label="New password" rules={passwordRules}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="Confirm new password" dependencies={['newPassword']} rules={confirmPasswordRules('newPassword')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} />}
      <Button htmlType="submit" loading={busy}>
        Send me a code
      </Button>
    </Form>
  )
}

export function FreezeCard() {
  const run = useSessionCall()
  const [state, setState] = useState<FreezeState | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [unfrozen, setUnfrozen] = useState(false)

  const apply = (result: ApiResult<FreezeState>) => {
    if (result.error) setFailed(failureReason(result.error, FREEZE_STATE_FAILED))
    else setState(result.data)
  }
  useEffect(() => {
    void run(freezeStateEndpoint()).then(apply)
  }, [run])
  const retry = () => {
    setFailed(null)
    void run(freezeStateEndpoint()).then(apply)
  }

  return (
    <Card variant="borderless" className="kobo-freeze-card kobo-security-card" data-testid="freeze-card" title={<><LockOutlined aria-hidden /> Freeze account</>}>
      {!state && !failed && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      {failed && !state && <LoadFailed title={FREEZE_STATE_FAILED} reason={failed} onRetry={retry} />}
      {unfrozen && <Alert type="success" showIcon title="Your account is unfrozen and your password is changed" data-testid="unfrozen" />}
      {state && !state.frozen && !unfrozen && (
        <FreezeOffer offer={SETTINGS_OFFER} onFrozen={(frozen) => setState(frozen)} />
      )}
      {state?.frozen && !unfrozen && (
        <div className="kobo-freeze-card__frozen">
          <Alert
            type="error"
            showIcon
            data-testid="frozen-state"
            title={`Your account is frozen${state.frozenAt ? ` since ${state.frozenAt.slice(0, 16)} WAT` : ''}`}
            description="No money can leave it. To unfreeze it, choose a new password and confirm with a code, or call customer service."
          />
          <UnfreezeForm
            onDone={() => {
              setUnfrozen(true)
              setState({ frozen: false, frozenAt: null, message: '' })
            }}
          />
        </div>
      )}
    </Card>
  )
}
