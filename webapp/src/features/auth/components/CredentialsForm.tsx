/** Login step 1 (docs/contract.md §3.1): email or phone, password, Remember me. */
import { useEffect, useState, type FormEvent } from 'react'
import LockOutlined from '@ant-design/icons/LockOutlined'
import UserOutlined from '@ant-design/icons/UserOutlined'
import KeyOutlined from '@ant-design/icons/KeyOutlined'
import { Link } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { loginRequested, passkeyAutofillOffered, passkeySignInRequested, selectAuth } from '../authSlice'
import { cancelPasskeyAutofill, passkeyAutofillAvailable } from '../../../lib/passkeys'
import { REQUIRED } from '../../../lib/validation'
import { Button, Checkbox, Field, PasswordInput, TextInput } from './loginControls'
import { LoginInLimits } from '../../../api/limits'

interface Errors {
  email?: string
  password?: string
}

/** The same rules the antd form had: both required, the email not just spaces. */
function validate(field: keyof Errors, value: string): string | undefined {
  const empty = field === 'email' ? !value.trim() : !value
  return empty ? REQUIRED : undefined
}

export function CredentialsForm() {
  const dispatch = useAppDispatch()
  const { loading } = useAppSelector(selectAuth)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [errors, setErrors] = useState<Errors>({})

  // Where the browser can, the e-mail field's autofill lists the customer's passkeys
  // (conditional mediation); picking one signs in as the button does. Ended when the form goes.
  useEffect(() => {
    let gone = false
    let offered = false
    void passkeyAutofillAvailable().then((available) => {
      if (!available || gone) return
      offered = true
      dispatch(passkeyAutofillOffered())
    })
    return () => {
      gone = true
      if (offered) void cancelPasskeyAutofill()
    }
  }, [dispatch])

  // Like antd's Form, a field is checked on every change and all are checked on submit.
  const change = (field: keyof Errors, value: string) => {
    ;(field === 'email' ? setEmail : setPassword)(value)
    setErrors((current) => ({ ...current, [field]: validate(field, value) }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = { email: validate('email', email), password: validate('password', password) }
    setErrors(found)
    if (found.email || found.password) return
    dispatch(loginRequested({ email: email.trim(), password, remember }))
  }

  return (
    <>
      <h1 className="kobo-login-title">Login</h1>
      <p className="kobo-login-subtitle">Welcome back. Sign in to continue to your accounts.</p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="kobo-login" disabled={loading}>
          <Field label="Email or Phone Number" required error={errors.email}>
            {({ id, errorId }) => (
              <TextInput
                id={id}
                name="email"
                value={email}
                onChange={(e) => change('email', e.target.value)}
                prefix={<UserOutlined />}
                placeholder="you@example.com or 080..."
                autoComplete="username webauthn"
                inputMode="email"
                maxLength={LoginInLimits.email.maxLength}
                aria-required
                invalid={!!errors.email}
                errorId={errorId}
                disabled={loading}
              />
            )}
          </Field>
          <Field label="Password" required error={errors.password}>
            {({ id, errorId }) => (
              <PasswordInput
                id={id}
                name="password"
                value={password}
                onChange={(e) => change('password', e.target.value)}
                prefix={<LockOutlined />}
                placeholder="Enter your password"
                autoComplete="current-password"
                maxLength={LoginInLimits.password.maxLength}
                aria-required
                invalid={!!errors.password}
                errorId={errorId}
                disabled={loading}
              />
            )}
          </Field>
          <div className="kobo-auth-row">
            <Checkbox checked={remember} onChange={setRemember} disabled={loading}>
              Remember me
            </Checkbox>
            <Link to="/forgot-password">Forgot Password</Link>
          </div>
          <Button type="submit" loading={loading}>
            Log In
          </Button>
          {/* A passkey is both factors: no password, no code (docs/contract.md, "Passkeys"). */}
          <Button
            type="button"
            variant="secondary"
            icon={<KeyOutlined aria-hidden />}
            disabled={loading}
            onClick={() => dispatch(passkeySignInRequested())}
          >
            Sign in with a passkey
          </Button>
        </fieldset>
      </form>
      <p className="kobo-login-footer">
        You're new in here? <Link to="/signup">Create Account</Link>
      </p>
    </>
  )
}
