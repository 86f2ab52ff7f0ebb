/** Small helpers shared by the registration, recovery and onboarding forms. */
import { useEffect } from 'react'
import type { FormInstance } from 'antd'
import type { FieldError } from '../api/fieldErrors'

/** Pushes server field errors (400 `errors`) onto the fields of `form` that exist in `fields`. */
export function useServerFieldErrors(form: FormInstance, errors: FieldError[], fields: readonly string[]) {
  useEffect(() => {
    const byField = new Map<string, string[]>()
    for (const { field, message } of errors) {
      if (!fields.includes(field)) continue
      byField.set(field, [...(byField.get(field) ?? []), message])
    }
    if (byField.size) form.setFields([...byField].map(([name, messages]) => ({ name, errors: messages })))
    // `fields` is a constant list per form; re-running on it would only repeat the same errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, form])
}

/** Keeps digits only, up to `max` of them (phone, BVN, NIN, account number inputs). */
export const digitsOnly = (max: number) => (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, max)

/** MALE → Male, SELF_EMPLOYED → Self Employed. */
export function enumLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The dropdown texts of docs/contract.md §1.5. */
export function selectTexts(label: string, loading: boolean) {
  return { placeholder: `Select ${label}`, notFoundContent: loading ? 'Loading...' : 'No options' }
}
