import { act, renderHook } from '@testing-library/react'
import { registerServiceWorker } from './registerServiceWorker'
import { resetPwaState, usePwaState } from './pwaState'

type Listener = () => void
const worker = vi.hoisted(() => ({
  listeners: {} as Record<string, Listener[]>,
  messageSkipWaiting: vi.fn(),
}))

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      ;(worker.listeners[type] ??= []).push(listener)
    }
    register() {
      return Promise.resolve({ update: () => Promise.resolve() })
    }
    messageSkipWaiting() {
      worker.messageSkipWaiting()
    }
  },
}))

const serviceWorker = new EventTarget()

beforeEach(() => {
  worker.listeners = {}
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker })
})
afterEach(() => {
  resetPwaState()
  delete (navigator as unknown as Record<string, unknown>).serviceWorker
})

describe('registerServiceWorker', () => {
  it('turns a waiting new version into an offer, and reloads only once the customer accepts and it took over', () => {
    vi.useFakeTimers()
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    registerServiceWorker()
    const { result } = renderHook(() => usePwaState())
    expect(result.current.applyUpdate).toBeNull()

    act(() => worker.listeners.waiting.forEach((listener) => listener()))
    expect(result.current.applyUpdate).toBeTypeOf('function')
    // Found, offered, and nothing more: no reload, the new worker still waits.
    vi.advanceTimersByTime(60_000)
    expect(reload).not.toHaveBeenCalled()
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled()

    act(() => result.current.applyUpdate!())
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1)
    expect(reload).not.toHaveBeenCalled()
    serviceWorker.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("another tab's worker taking over does not reload a tab whose customer did not ask", () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    registerServiceWorker()
    act(() => worker.listeners.waiting.forEach((listener) => listener()))
    serviceWorker.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()
  })
})
