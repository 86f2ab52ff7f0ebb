import { act, screen } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { listenForInstallOffer, resetPwaState } from '../pwa/pwaState'
import { INSTALL_LABEL } from './UserMenu'

afterEach(() => resetPwaState())

/** What Chromium fires when Kobo can be installed. */
function browserOffersInstall(prompt: () => Promise<void>) {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  })
  act(() => {
    window.dispatchEvent(offer)
  })
  return offer
}

describe('"Add Kobo to your home screen"', () => {
  it('is in the user menu only once the browser offers installation, and opens its dialog', async () => {
    listenForInstallOffer()
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await screen.findByRole('heading', { name: 'Welcome Ada' }, { timeout: 10_000 })

    await user.click(screen.getByRole('button', { name: /user menu/i }))
    expect(await screen.findByRole('menuitem', { name: /Logout/ })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: new RegExp(INSTALL_LABEL) })).not.toBeInTheDocument()

    const prompt = vi.fn(() => Promise.resolve())
    const offer = browserOffersInstall(prompt)
    // The browser's own mini-infobar is held back: the menu offers it instead.
    expect(offer.defaultPrevented).toBe(true)
    await user.click(await screen.findByRole('menuitem', { name: new RegExp(INSTALL_LABEL) }))
    expect(prompt).toHaveBeenCalledTimes(1)
  })
})
