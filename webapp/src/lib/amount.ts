/** Amount rules shared by every money field (docs/contract.md §1.5 and §8.3). */
import type { KeyboardEvent, WheelEvent } from 'react'

export const AMOUNT_REQUIRED = 'Amount is required'
export const AMOUNT_POSITIVE = 'Amount must be greater than zero'
export const AMOUNT_DECIMALS = 'Amount can have at most 2 decimal places'

const BLOCKED_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'e', 'E', '+', '-'])

/** Arrow keys (and exponent or sign characters) never change a number field. */
export function blockNumberKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (BLOCKED_KEYS.has(event.key)) event.preventDefault()
}

/** Scrolling over a focused number field must scroll the page, not change the amount. */
export function blockWheel(event: WheelEvent<HTMLInputElement>) {
  event.currentTarget.blur()
}

/** True when `value` has at most two decimal places. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6
}

/** Form rules for a required amount above zero with at most two decimals. */
export function amountRules(required = AMOUNT_REQUIRED) {
  return [
    { required: true, message: required },
    {
      validator: (_: unknown, value: number | null | undefined) => {
        if (value === null || value === undefined) return Promise.resolve()
        if (!(value > 0)) return Promise.reject(new Error(AMOUNT_POSITIVE))
        if (!hasAtMostTwoDecimals(value)) return Promise.reject(new Error(AMOUNT_DECIMALS))
        return Promise.resolve()
      },
    },
  ]
}
