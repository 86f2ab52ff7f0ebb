/**
 * /transfer's first screen shows a picture of the form (TransferFormPicture.tsx) until antd's
 * form has loaded: the same labels, required marks, placeholders and options, nothing a
 * customer, a screen reader or a test can reach; a field tapped on it is focused once the form
 * is there.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { TransferFormPicture } from './components/TransferFormPicture'
import type { TransferKind } from '../../api/transferTypes'

/** What a form shows before anything is typed: each label (* when required), placeholder and option. */
function shown(form: Element): string[] {
  const labels = [...form.querySelectorAll('.ant-form-item-label label')].map(
    (label) => `${label.classList.contains('ant-form-item-required') ? '* ' : ''}${label.textContent}`,
  )
  const placeholders = [...form.querySelectorAll('.ant-select-placeholder, input[placeholder]')].map(
    (element) => element.getAttribute('placeholder') ?? element.textContent,
  )
  const options = [...form.querySelectorAll('.ant-checkbox-label, button')].map((element) => element.textContent)
  return [...labels, ...placeholders, ...options]
}

const TABS: Array<[TransferKind, string]> = [
  ['INTRA_BANK', 'intra-bank'],
  ['OWN_ACCOUNT', 'own-account'],
  ['OTHER_BANK', 'other-bank'],
]

describe('The transfer form’s picture', () => {
  it.each(TABS)('%s: shows what the form shows', async (kind, tab) => {
    const { container, unmount } = render(<TransferFormPicture kind={kind} />)
    const picture = shown(container.querySelector('form')!)
    unmount()

    renderWithProviders({ route: `/transfer?tab=${tab}`, preloadedState: signedInState('ada') })
    await screen.findByLabelText('Amount')
    expect(picture).toEqual(shown(document.querySelector('.kobo-transfer-form')!))
  })

  it('cannot be reached: inert, hidden from assistive technology, no field behind a label', () => {
    render(<TransferFormPicture kind="INTRA_BANK" />)
    const picture = screen.getByTestId('transfer-form-picture')
    expect(picture).toHaveAttribute('inert')
    expect(picture).toHaveAttribute('aria-hidden', 'true')
    expect(screen.queryAllByRole('combobox')).toHaveLength(0)
    expect(screen.queryAllByRole('button')).toHaveLength(0)
    expect(() => screen.getByLabelText('Amount')).toThrow()
  })

  it('keeps a tap: the field tapped is focused once the form is there, once', async () => {
    const { container, unmount } = render(<TransferFormPicture kind="INTRA_BANK" />)
    // jsdom lays nothing out: the Amount item is put where the customer taps.
    const amount = container.querySelector<HTMLElement>('[data-field="amount"]')!
    amount.getBoundingClientRect = () => ({ left: 16, right: 300, top: 400, bottom: 470 }) as DOMRect
    fireEvent.pointerDown(screen.getByTestId('transfer-form-picture').parentElement!, { clientX: 40, clientY: 430 })
    unmount()

    const first = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus())
    first.unmount()
    renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
    expect(await screen.findByLabelText('Amount')).not.toHaveFocus()
  })
})
