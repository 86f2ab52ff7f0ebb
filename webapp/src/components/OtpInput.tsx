/**
 * Six single-digit boxes for one-time codes (docs/contract.md §1.7; reused
 * for transfers, bills, settings and e-mail verification). Behaviour:
 * - each box takes one digit (maxLength 1, numeric keypad on phones); other
 *   characters are ignored, since every code the bank sends is six digits;
 * - typing a digit fills the box and moves to the next one; typing into a
 *   filled box replaces its digit;
 * - pasting a whole code into any box fills all of them from the first; a
 *   shorter paste fills boxes from the focused one;
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

/** Only digits count: "123 456" or "123-456" from a message still pastes as 123456. */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
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

  const setDigit = (index: number, digit: string) => {
    const next = [...chars]
    next[index] = digit
    commit(next)
    if (digit && index < length - 1) focusBox(index + 1)
  }

  const handleChange = (index: number, raw: string) => {
    if (!raw) return setDigit(index, '')
    const typed = digitsOf(raw)
    // A letter or symbol: nothing changes (the box is controlled, so it stays as it was).
    if (!typed) return
    // Autofill (SMS one-time-code) can deliver a whole code into one box despite maxLength.
    if (typed.length > 2) return fillFrom(index, typed)
    // The box may briefly hold two digits (old + typed); keep the newest.
    setDigit(index, typed.slice(-1))
  }

  const fillFrom = (index: number, text: string) => {
    const digits = digitsOf(text)
    if (!digits) return
    // A whole code goes in from the first box, whichever box it was pasted into.
    const start = digits.length >= length ? 0 : index
    const pasted = digits.slice(0, length - start)
    const next = [...chars]
    for (let i = 0; i < pasted.length; i += 1) next[start + i] = pasted[i]
    commit(next)
    const end = start + pasted.length
    focusBox(end >= length ? length - 1 : end)
  }

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fillFrom(index, event.clipboardData.getData('text'))
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget
    const wholeBoxSelected = box.selectionStart === 0 && box.selectionEnd === box.value.length
    if (/^\d$/.test(event.key) && chars[index] && !wholeBoxSelected && !event.ctrlKey && !event.metaKey) {
      // maxLength 1 would swallow a digit typed after the caret of a filled box: replace it instead.
      event.preventDefault()
      setDigit(index, event.key)
    } else if (event.key === 'Backspace' && !chars[index]) {
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
          maxLength={1}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          aria-label={`Character ${index + 1} of ${length}`}
        />
      ))}
    </div>
  )
}
