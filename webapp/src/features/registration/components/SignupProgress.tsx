/**
 * The signup step indicator (docs/contract.md §4.1): three squares and
 * "STEP n OF 3". Stage 1 is personal details, stage 2 the password, stage 3
 * the e-mail verification page. The brand panel shows it on large screens; the
 * compact variant sits above the form on smaller ones.
 */
import CheckOutlined from '@ant-design/icons/CheckOutlined'
import { SIGNUP_STEPS, stepText, type SignupStep } from '../signupSteps'


export function SignupProgress({ step, variant }: { step: SignupStep; variant: 'brand' | 'compact' }) {
  return (
    <div className={`kobo-signup-progress kobo-signup-progress--${variant}`} aria-label="Signup progress">
      <div className="kobo-signup-progress__text">{stepText(step)}</div>
      <ol className="kobo-signup-progress__squares">
        {SIGNUP_STEPS.map((label, index) => {
          const number = index + 1
          const state = number < step ? 'done' : number === step ? 'current' : 'todo'
          return (
            <li
              key={label}
              className={`kobo-signup-progress__step kobo-signup-progress__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="kobo-signup-progress__square" aria-hidden="true">
                {state === 'done' ? <CheckOutlined /> : number}
              </span>
              <span className="kobo-signup-progress__label">{label}</span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** What the auth layout's brand panel shows on /signup and /verify-email. */
export function SignupBrand({ step }: { step: SignupStep }) {
  return (
    <div>
      <h2>Welcome to Kobo.</h2>
      <p>Open your account in three short steps: tell us about yourself, choose a password, and confirm your email.</p>
      <SignupProgress step={step} variant="brand" />
    </div>
  )
}
