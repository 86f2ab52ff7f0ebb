import { installFramesOnRealTimers } from './frames'

function nextFrame(giveUpMs = 2_000) {
  return new Promise<'frame' | 'no frame'>((resolve) => {
    const giveUp = setTimeout(() => resolve('no frame'), giveUpMs)
    requestAnimationFrame(() => {
      clearTimeout(giveUp)
      resolve('frame')
    })
  })
}

describe('animation frames in the tests (test/frames)', () => {
  // What Redux Toolkit does: it keeps the function it found when it loaded.
  const keptFromLoad = window.requestAnimationFrame

  it('a frame asked for through a kept function while timers are faked', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    keptFromLoad(() => undefined)
    // Put back with that frame still waiting, as a test that ends at once does.
    vi.useRealTimers()
  })

  it('does not stop the frames of the tests after it', async () => {
    expect(await nextFrame()).toBe('frame')
  })

  it('a test that fakes timers still controls the frames it asks for', () => {
    vi.useFakeTimers()
    const seen: number[] = []
    requestAnimationFrame((time) => seen.push(time))
    expect(seen).toHaveLength(0)
    vi.advanceTimersToNextFrame()
    expect(seen).toHaveLength(1)
  })

  it('can be cancelled', async () => {
    const seen: string[] = []
    const handle = requestAnimationFrame(() => seen.push('cancelled frame'))
    cancelAnimationFrame(handle)
    expect(await nextFrame()).toBe('frame')
    expect(seen).toEqual([])
  })

  it('is installed by the setup (installing it again changes nothing the tests see)', async () => {
    installFramesOnRealTimers()
    expect(await nextFrame()).toBe('frame')
  })
})
