/** Helpers for driving antd widgets in the registration and onboarding tests (jsdom). */
import { waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/**
 * Opens an antd Select (its combobox) and clicks the option with this label.
 * Long lists are virtual (only the first rows exist in the DOM): pass
 * `search` for a searchable Select to type the label first.
 */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, label: string, search = false) {
  await user.click(combobox)
  if (search) await user.type(combobox, label)
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
      (dropdown) => !dropdown.classList.contains('ant-select-dropdown-hidden'),
    )
    const found = open
      .flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')])
      .find((item) => item.getAttribute('title') === label)
    if (!found) throw new Error(`No open option "${label}"`)
    return found
  })
  await user.click(option)
}

/** The error messages shown under the fields of a form. */
export function fieldErrorTexts(container: HTMLElement = document.body): string[] {
  return [...container.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '')
}

/** The error message shown under the field labelled `label`. */
export function errorOf(label: HTMLElement): string[] {
  const item = label.closest('.ant-form-item')
  if (!item) return []
  return within(item as HTMLElement)
    .queryAllByRole('alert')
    .map((e) => e.textContent ?? '')
}

/** A request body captured by a spy handler. */
export type Captured = Record<string, unknown> | null

/** Absolute URL for a same-origin API path (fetch in Node needs one). */
export const apiUrl = (path: string) => new URL(path, window.location.origin).toString()
