/** Toasts (issue 55): the outcome of an action, one at a time, at the bottom, clear of the
 * page's heading; the same sentence twice is one toast. */
import { act, screen, waitFor } from '@testing-library/react'
import { renderWithProviders, setWindowWidth, signedInState } from '../test/renderWithProviders'
import { toastError, toastSuccess } from '../store/toastSlice'

const notices = () => document.querySelectorAll('.ant-notification-notice')

async function renderHome() {
  const view = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
  expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument()
  return view
}

describe('toasts', () => {
  it('the same failure twice is one toast, in the store and on screen', async () => {
    const { store } = await renderHome()
    act(() => {
      store.dispatch(toastError('Invalid code'))
      store.dispatch(toastError('Invalid code'))
    })
    expect(await screen.findByText('Invalid code')).toBeInTheDocument()
    act(() => void store.dispatch(toastError('Invalid code')))
    await waitFor(() => expect(store.getState().toast.queue).toHaveLength(0))
    expect(screen.getAllByText('Invalid code')).toHaveLength(1)
    expect(notices()).toHaveLength(1)
  })

  it('shows one at a time: a new outcome replaces the last', async () => {
    const { store } = await renderHome()
    act(() => void store.dispatch(toastError('Transfer failed')))
    expect(await screen.findByText('Transfer failed')).toBeInTheDocument()
    act(() => void store.dispatch(toastSuccess('Device renamed')))
    expect(await screen.findByText('Device renamed')).toBeInTheDocument()
    // The last one leaves (jsdom never ends its fade, so it is still in the DOM, leaving).
    const shown = () => [...notices()].filter((n) => !n.className.includes('-leave'))
    await waitFor(() => expect(shown().map((n) => n.textContent)).toEqual(['Device renamed']))
  })

  it('sits at the bottom, clear of the heading: bottom right on a wide screen, bottom centre on a phone', async () => {
    const { store } = await renderHome()
    act(() => void store.dispatch(toastSuccess('Beneficiary added')))
    await screen.findByText('Beneficiary added')
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull()
    expect(document.querySelector('.ant-notification-topRight')).toBeNull()
    setWindowWidth(390)
    act(() => void store.dispatch(toastSuccess('Beneficiary deleted')))
    await screen.findByText('Beneficiary deleted')
    expect(document.querySelector('.ant-notification-bottom')).not.toBeNull()
  })
})
