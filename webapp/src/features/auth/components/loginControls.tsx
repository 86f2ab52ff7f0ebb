/**
 * Light form controls for the login route. They look like the antd controls
 * used on every other page (same sizes, colours and states; see
 * loginControls.css) but need no antd at all, so the sign-in bundle stays
 * within its 150 KB budget (issue 11). Everything else keeps using antd.
 */
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react'
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined'
import EyeOutlined from '@ant-design/icons/EyeOutlined'
import LoadingOutlined from '@ant-design/icons/LoadingOutlined'
import './loginControls.css'

/** A labelled field with its validation message, like antd's vertical `Form.Item`. */
export function Field({
  label,
  required,
  error,
  children,
}: {
  label?: string
  required?: boolean
  error?: string
  /** Gets the control's id and the message's id, for the label and aria-describedby. */
  children: (ids: { id: string; errorId: string }) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`kobo-field${error ? ' kobo-field--error' : ''}`}>
      {label && (
        <div className="kobo-field__label">
          <label htmlFor={id} className={required ? 'kobo-field__required' : undefined}>
            {label}
          </label>
        </div>
      )}
      {children({ id, errorId })}
      {error && (
        <div id={errorId} role="alert" className="kobo-field__error">
          {error}
        </div>
      )}
    </div>
  )
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  prefix?: ReactNode
  invalid?: boolean
  errorId?: string
}

/** A large text input with a leading icon (antd `Input` with `prefix`). */
export function TextInput({ prefix, invalid, errorId, className, ...input }: TextInputProps) {
  return (
    <span className={`kobo-input${invalid ? ' kobo-input--error' : ''}${input.disabled ? ' kobo-input--disabled' : ''}${className ? ` ${className}` : ''}`}>
      {prefix && <span className="kobo-input__prefix">{prefix}</span>}
      <input
        {...input}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className="kobo-input__field"
      />
    </span>
  )
}

/** A password input with the show/hide toggle (antd `Input.Password`). */
export function PasswordInput({ prefix, invalid, errorId, ...input }: Omit<TextInputProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <span className={`kobo-input${invalid ? ' kobo-input--error' : ''}${input.disabled ? ' kobo-input--disabled' : ''}`}>
      {prefix && <span className="kobo-input__prefix">{prefix}</span>}
      <input
        {...input}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className="kobo-input__field"
      />
      <button
        type="button"
        className="kobo-input__suffix"
        // Named so screen readers announce what the toggle does.
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((shown) => !shown)}
        disabled={input.disabled}
      >
        {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </span>
  )
}

/** antd's `Checkbox` look on a native checkbox. */
export function Checkbox({
  checked,
  onChange,
  disabled,
  children,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <label className={`kobo-check${disabled ? ' kobo-check--disabled' : ''}`}>
      <input type="checkbox" className="kobo-check__input" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="kobo-check__box" aria-hidden="true" />
      <span className="kobo-check__label">{children}</span>
    </label>
  )
}

/** antd's large primary (or link) `Button`, with its loading spinner. */
export function Button({
  variant = 'primary',
  loading,
  icon,
  className,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'link'
  loading?: boolean
  icon?: ReactNode
  children: ReactNode
}) {
  return (
    <button
      {...button}
      className={`kobo-button kobo-button--${variant}${loading ? ' kobo-button--loading' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={loading || undefined}
    >
      {loading ? <LoadingOutlined spin /> : icon}
      <span>{children}</span>
    </button>
  )
}
