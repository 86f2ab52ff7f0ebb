import { act, screen } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { offerUpdate, resetPwaState } from './pwaState'
import { UPDATE_READY, UPDATE_RELOAD } from './UpdateOffer'

afterEach(() => resetPwaState())

describe('the update offer', () => {
  it('appears over any page when a new version waits; Reload applies it, Later puts it away', async () => {
    const applyUpdate = vi.fn()
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await screen.findByRole('heading', { name: 'Welcome Ada' }, { timeout: 10_000 })
    expect(screen.queryByText(UPDATE_READY)).not.toBeInTheDocument()

    act(() => offerUpdate(applyUpdate))
    expect(await screen.findByText(UPDATE_READY)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: UPDATE_RELOAD }))
    expect(applyUpdate).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByText(UPDATE_READY)).not.toBeInTheDocument()
  })
})
