/**
 * Six single-character boxes for one-time codes (spec part 1, "Login"; reused
 * for transfers, bills and e-mail verification). Behaviour:
 * - typing a character fills the box and moves to the next one;
 * - pasting fills up to `length` boxes from the focused one;
 * - Backspace on an empty box moves to the previous box;
 * - Enter moves to the next box (on the last, complete box it submits);
 * - filling the last empty box calls `onComplete` with the whole code.
 * Works as a controlled antd `Form.Item` child (`value` / `onChange`), or
 * uncontrolled when no `onChange` is given.
 */
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import './OtpInput.css'

import { EMPTY, OTP_LENGTH, isCompleteCode } from './otp'

export interface OtpInputProps {
  value?: string
  onChange?: (value: string) => void
  onComplete?: (code: string) => void
  length?: number
  disabled?: boolean
  autoFocus?: boolean
  /** Accessible name of the group. */
  label?: string
  status?: 'error'
  id?: string
}

function toChars(value: string | undefined, length: number): string[] {
  return Array.from({ length }, (_, i) => {
    const ch = value?.[i]
    return ch && ch !== EMPTY ? ch : ''
  })
}

/** Trailing empties are dropped so an untouched input reads as "". */
function fromChars(chars: string[]): string {
  return chars.map((c) => c || EMPTY).join('').trimEnd()
}

export function OtpInput({
  value,
  onChange,
  onComplete,
  length = OTP_LENGTH,
  disabled,
  autoFocus,
  label = 'One-time code',
  status,
  id,
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const [ownValue, setOwnValue] = useState('')
  // With an onChange (e.g. inside Form.Item) the parent owns the value, and an
  // undefined value (a reset form) means empty boxes.
  const current = onChange ? (value ?? '') : ownValue
  const chars = toChars(current, length)

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))]
    box?.focus()
    box?.select()
  }

  const commit = (next: string[]) => {
    const code = fromChars(next)
    setOwnValue(code)
    onChange?.(code)
    // Only the change that completes the code submits; editing a complete code does not.
    if (isCompleteCode(code, length) && !isCompleteCode(current, length)) onComplete?.(code)
  }

  const handleChange = (index: number, raw: string) => {
    // The box may briefly hold two characters (old + typed); keep the newest.
    const typed = raw.replace(/\s/g, '')
    const next = [...chars]
    if (!typed) {
      next[index] = ''
      commit(next)
      return
    }
    // Autofill (SMS one-time-code) can deliver a whole code into one box.
    if (typed.length > 2) return fillFrom(index, typed)
    next[index] = typed.slice(-1)
    commit(next)
    if (index < length - 1) focusBox(index + 1)
  }

  const fillFrom = (index: number, text: string) => {
    const pasted = text.replace(/\s/g, '').slice(0, length - index)
    if (!pasted) return
    const next = [...chars]
    for (let i = 0; i < pasted.length; i += 1) next[index + i] = pasted[i]
    commit(next)
    focusBox(index + pasted.length - (index + pasted.length >= length ? 1 : 0))
  }

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fillFrom(index, event.clipboardData.getData('text'))
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !chars[index]) {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const code = fromChars(chars)
      if (index === length - 1 || isCompleteCode(code, length)) {
        if (isCompleteCode(code, length)) onComplete?.(code)
      } else {
        focusBox(index + 1)
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  return (
    <div className={`kobo-otp${status === 'error' ? ' kobo-otp--error' : ''}`} role="group" aria-label={label} id={id}>
      {chars.map((ch, index) => (
        <input
          // The boxes never reorder, so the index is a stable key.
          key={index}
          ref={(el) => {
            inputs.current[index] = el
          }}
          className="kobo-otp__box"
          value={ch}
          onChange={(e) => handleChange(index, e.target.value)}
          onPaste={(e) => handlePaste(index, e)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          aria-label={`Character ${index + 1} of ${length}`}
        />
      ))}
    </div>
  )
}
