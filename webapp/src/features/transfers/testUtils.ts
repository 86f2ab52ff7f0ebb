/** Helpers for the money-movement page tests (antd Select and code boxes in jsdom). */
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { resetMockState as resetMockBank } from '../../mocks/state'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { pendingPolling } from './transfersSaga'

/** Fresh mock bank and quick status checks before each test. */
export function setUpMoneyTests() {
  beforeEach(() => {
    resetMockBank()
    pendingPolling.intervalMs = 20
    pendingPolling.attempts = 15
  })
}

/**
 * Opens an antd Select (found by its label) and picks the option with this text. Found once
 * the form has loaded: /transfer first shows a picture of it (TransferFormPicture.tsx).
 */
export async function choose(user: UserEvent, label: string | HTMLElement, option: string) {
  const box = typeof label === 'string' ? await screen.findByLabelText(label) : label
  await user.click(box)
  const find = () => {
    const list = openDropdown()
    return [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (el) => el.getAttribute('title') === option || el.textContent === option,
    )
  }
  await waitFor(() => {
    if (!openDropdown()) throw new Error('no open dropdown')
  })
  // Long lists are virtual: only the first rows exist until the search narrows them.
  if (!find() && box.getAttribute('role') === 'combobox' && !box.hasAttribute('readonly')) await user.type(box, option)
  const item = await waitFor(() => {
    const found = find()
    if (!found) throw new Error(`no option "${option}"`)
    return found
  })
  await user.click(item)
}

/** The most recently opened antd Select dropdown. */
export function openDropdown(): HTMLElement | undefined {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')]
  return open[open.length - 1]
}

/** The option titles of the open dropdown. */
export function optionTitles(): (string | null)[] {
  return [...(openDropdown()?.querySelectorAll('.ant-select-item-option') ?? [])].map((el) => el.getAttribute('title'))
}

/** Types a six-digit code into the open dialog's boxes (the sixth submits). */
export async function typeCode(user: UserEvent, code: string, container: HTMLElement = document.body) {
  const first = within(container).getAllByLabelText('Character 1 of 6')[0]
  await user.click(first)
  await user.keyboard(code)
}

/**
 * The open antd modal or drawer with this title. (In tests rc-component's ids
 * are all "test-id", so `getByRole('dialog', { name })` cannot be trusted.)
 */
export function queryDialog(title: string): HTMLElement | null {
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')]
  return (
    dialogs.find((el) => {
      if (el.getAttribute('aria-label') === title) return true
      const heading = el.querySelector('.ant-modal-title, .ant-drawer-title')
      return heading?.textContent === title
    }) ?? null
  )
}

export function dialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = queryDialog(title)
    if (!found) throw new Error(`no open dialog "${title}"`)
    return found
  })
}

/** Waits until the dialog has closed (or was never open). */
export function dialogClosed(title: string): Promise<void> {
  return waitFor(() => {
    const found = queryDialog(title)
    const hidden = !found || found.closest('.ant-drawer-content-wrapper-hidden, .ant-zoom-leave, [style*="display: none"]')
    if (!hidden) throw new Error(`dialog "${title}" still open`)
  })
}

/** No toast queued or on screen: a refusal or a held payment is said on the page, not in one.
 * The toast host shows a queued toast only once its own code has loaded, so the store's queue
 * is read as well as the page. */
export function noToast(store: { getState(): { toast: { queue: unknown[] } } }) {
  expect(store.getState().toast.queue).toEqual([])
  expect(document.querySelector('.ant-notification-notice')).toBeNull()
}

/** Role queries are slow on the transfer page; its buttons are found by their text. */
export const buttonNamed = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!

/** Ada's batch of one row (₦150 to Tunde) from `source`, sent: the code step comes next. */
export async function sendBulkToTunde(source: string) {
  const view = renderWithProviders({ route: '/transfer?tab=bulk', preloadedState: signedInState('ada') })
  const { user } = view
  await screen.findByText('Add row')
  await choose(user, 'From Account', source)
  await user.type(screen.getByLabelText('Account Number'), '1020000218')
  await user.type(screen.getByLabelText('Row amount'), '150')
  await user.click(buttonNamed('Add row'))
  await screen.findByText('Tunde Bakare')
  await waitFor(() => expect(buttonNamed('Send')).toBeEnabled())
  await user.click(buttonNamed('Send'))
  return view
}

/** The Other Bank form filled in: from Ada's savings to GTBank `accountNumber`, name resolved. */
export async function fillOtherBank(user: UserEvent, accountNumber: string, amount: string) {
  await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  await choose(user, 'From Account', 'Savings Account (1020000115)')
  await choose(user, 'Bank', 'Guaranty Trust Bank')
  await user.type(screen.getByLabelText('Account Number'), accountNumber)
  await screen.findByTestId('resolved-name')
  await user.type(screen.getByLabelText('Amount'), amount)
}

/** Ada's ₦`amount` to Tunde on the Intra Bank tab, sent from her savings: the code step (or a
 * refusal) comes next. */
export async function sendIntraToTunde(amount: string) {
  const view = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
  const { user } = view
  await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  await choose(user, 'From Account', 'Savings Account (1020000115)')
  await user.type(screen.getByLabelText('Account Number'), '1020000218')
  await user.type(screen.getByLabelText('Amount'), amount)
  await screen.findByTestId('resolved-name')
  await user.click(screen.getByRole('button', { name: /Send$/ }))
  return view
}
