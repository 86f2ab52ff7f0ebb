/**
 * Login step 2: the six-box code. The heading depends on the sign-in's
 * two-factor mode (docs/contract.md §3.2). Completing the boxes submits.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { backToCredentials, selectAuth, verifyRequested } from '../authSlice'
import { OtpInput } from '../../../components/OtpInput'
import { isCompleteCode } from '../../../components/otp'
import { OTP_HEADINGS } from '../../../components/code/texts'
import { REQUIRED } from '../../../lib/validation'
import { Button, Field } from './loginControls'

/** How long "Resending..." shows; the login step's Resend does nothing else (docs/contract.md §3.2). */
const RESEND_FEEDBACK_MS = 1500

export function VerificationForm() {
  const dispatch = useAppDispatch()
  const { loading, challenge, verifyFailures } = useAppSelector(selectAuth)
  const [otp, setOtp] = useState('')
  const [error, setError] = useState<string>()
  const [resending, setResending] = useState(false)
  const resendTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const mode = challenge?.twoFactorAuthentication === 'GOOGLE_AUTHENTICATOR' ? 'GOOGLE_AUTHENTICATOR' : 'OTP_AUTHENTICATION'
  const heading = OTP_HEADINGS[mode]

  // A rejected code clears the boxes so the next attempt starts fresh.
  const [clearedFailures, setClearedFailures] = useState(verifyFailures)
  if (verifyFailures !== clearedFailures) {
    setClearedFailures(verifyFailures)
    setOtp('')
    setError(undefined)
  }

  useEffect(() => () => clearTimeout(resendTimer.current), [])

  const onResend = () => {
    if (resending) return
    setResending(true)
    resendTimer.current = setTimeout(() => setResending(false), RESEND_FEEDBACK_MS)
  }

  const submit = (code: string) => {
    if (!isCompleteCode(code)) {
      setError(REQUIRED)
      return
    }
    setError(undefined)
    dispatch(verifyRequested({ otp: code }))
  }

  const onChange = (code: string) => {
    setOtp(code)
    // Like antd's Form (validateTrigger onChange): every change is checked.
    setError(isCompleteCode(code) ? undefined : REQUIRED)
  }

  return (
    <>
      <h1 className="kobo-login-title">{heading.title}</h1>
      <p className="kobo-login-subtitle">{heading.text}</p>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          submit(otp)
        }}
        noValidate
      >
        {/* Only the buttons are disabled while checking: the boxes keep focus for a retry. */}
        <Field error={error}>
          {({ id }) => (
            <OtpInput
              id={id}
              value={otp}
              onChange={onChange}
              autoFocus
              onComplete={submit}
              label="Verification code"
            />
          )}
        </Field>
        {mode === 'OTP_AUTHENTICATION' && (
          <p className="kobo-login-resend">
            Didn't get the code?{' '}
            {resending ? (
              <span className="kobo-login-muted">Resending...</span>
            ) : (
              <button type="button" className="kobo-login-link" onClick={onResend}>
                Resend
              </button>
            )}
          </p>
        )}
        <Button type="submit" loading={loading} disabled={loading}>
          Finish
        </Button>
      </form>
      <Button
        type="button"
        variant="link"
        icon={<ArrowLeftOutlined />}
        className="kobo-login-back"
        onClick={() => dispatch(backToCredentials())}
        disabled={loading}
      >
        Back to Login
      </Button>
    </>
  )
}
